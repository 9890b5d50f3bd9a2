__kernel void histogram(__global const uchar *data, int n, __global uint *hist) {
    __local uint h[256];
    int l = get_local_id(0);
    for (int i = l; i < 256; i += get_local_size(0)) h[i] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) atomic_inc(&h[data[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = l; i < 256; i += get_local_size(0)) atomic_add(&hist[i], h[i]);
}
