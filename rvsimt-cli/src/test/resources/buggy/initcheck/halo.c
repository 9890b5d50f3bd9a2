// initcheck: a block loads its tile into shared memory but not the halo element after it, then the
// last thread of the tile reads the halo.
#include "rvsimt.h"

typedef struct { unsigned n; const float *x; float *out; } Args;

__global__ void smooth(const Args *a) {
    float *tile = SHARED(float);
    unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    tile[t] = a->x[i];
    // BUG: tile[blockDim.x] (the next block's first element) is never loaded
    __syncthreads();
    a->out[i] = 0.5f * (tile[t] + tile[t + 1]);     // LOAD
}
