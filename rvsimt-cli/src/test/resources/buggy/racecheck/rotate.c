// racecheck on global memory: each thread of the block publishes its value in 'out', then reads the
// value of the thread 32 places on (another warp) without a barrier between.
#include "rvsimt.h"

typedef struct { const int *in; int *out; int *rotated; } Args;

__global__ void rotate(const Args *a) {
    unsigned t = threadIdx.x, n = blockDim.x;
    a->out[t] = a->in[t];                           // STORE
    // BUG: __syncthreads() belongs here
    a->rotated[t] = a->out[(t + 32) % n];           // LOAD
}
