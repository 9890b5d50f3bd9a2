/* reduction.c: *out += sum of in[0..n) (int32, wrapping), native ABI, C.
 *
 * Per thread: grid-stride partial sum. Per warp: tree over __shfl_down_sync (vx_shfl_down),
 * lane 0 holding the warp's sum. Per block: warp sums in shared memory, reduced by warp 0 the
 * same way, and one atomicAdd per block into *out. Works for any warp size (1..64) and any
 * 1-D block whose size is a multiple of the warp size. Shared memory: 4 * warps per block
 * (4 * blockDim.x covers warp size 1). out must start at 0.
 */
#include "rvsimt.h"

struct reduction_args {
    unsigned n;
    const int *in;
    int *out;
};

__device__ int warp_sum(int v) {
    for (int off = warpSize / 2; off > 0; off >>= 1) v += __shfl_down_sync(0xFFFFFFFFu, v, off);
    return v;
}

__global__ void reduce_sum(const struct reduction_args *p) {
    int *partial = SHARED(int);
    unsigned B = blockDim.x, ws = (unsigned)warpSize;
    int v = 0;
    for (unsigned i = blockIdx.x * B + threadIdx.x; i < p->n; i += gridDim.x * B) v += p->in[i];
    v = warp_sum(v);
    unsigned lane = __laneid(), warp = __warpid();
    if (lane == 0) partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        unsigned nwarps = (B + ws - 1) / ws;
        v = 0;
        for (unsigned w = lane; w < nwarps; w += ws) v += partial[w];
        v = warp_sum(v);
        if (lane == 0) atomicAdd(p->out, v);
    }
}
