// synccheck: each warp runs the loop a different number of times, so the warps of the block call
// the barrier a different number of times.
#include "rvsimt.h"

typedef struct { int *out; } Args;

__global__ void barrier_count(const Args *a) {
    unsigned t = threadIdx.x;
    int acc = 0;
    for (unsigned k = 0; k <= __warpid(); k++) {    // BUG: the trip count differs per warp
        acc += (int)k;
        __syncthreads();                            // BARRIER
    }
    a->out[t] = acc;
}
