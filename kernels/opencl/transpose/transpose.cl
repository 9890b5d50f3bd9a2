#define T 16
__kernel void transpose(__global const float *in, __global float *out, int width, int height) {
    __local float tile[T][T + 1];
    int x = get_group_id(0) * T + get_local_id(0);
    int y = get_group_id(1) * T + get_local_id(1);
    tile[get_local_id(1)][get_local_id(0)] = in[y * width + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int tx = get_group_id(1) * T + get_local_id(0);
    int ty = get_group_id(0) * T + get_local_id(1);
    out[ty * height + tx] = tile[get_local_id(0)][get_local_id(1)];
}
