// synccheck: only the first half of each warp calls the barrier.
#include "rvsimt.h"

typedef struct { int *out; } Args;

__global__ void divergent(const Args *a) {
    unsigned t = threadIdx.x;
    if (t % 32 < 16)
        __syncthreads();                            // BARRIER (BUG: in divergent code)
    a->out[t] = (int)t;
}
