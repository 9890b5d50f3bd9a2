__kernel void dot4(__global const float4 *a, __global const float4 *b, __global float *partial, __local float *tmp) {
    int l = get_local_id(0);
    tmp[l] = dot(a[get_global_id(0)], b[get_global_id(0)]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s) tmp[l] += tmp[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) partial[get_group_id(0)] = tmp[0];
}
