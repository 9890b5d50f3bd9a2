#define WG 256
__kernel void scan_groups(__global const int *in, __global int *out, __global int *sums) {
    __local int buf[2][WG];
    int l = get_local_id(0);
    int src = 0;
    buf[0][l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 1; off < WG; off <<= 1) {
        int v = buf[src][l];
        if (l >= off) v += buf[src][l - off];
        buf[1 - src][l] = v;
        src = 1 - src;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = buf[src][l];
    if (l == WG - 1) sums[get_group_id(0)] = buf[src][l];
}
__kernel void scan_sums(__global int *sums, int n) {
    if (get_global_id(0) == 0) {
        for (int i = 1; i < n; i++) sums[i] += sums[i - 1];
    }
}
__kernel void add_offsets(__global int *out, __global const int *sums) {
    int g = get_group_id(0);
    if (g > 0) out[get_global_id(0)] += sums[g - 1];
}
