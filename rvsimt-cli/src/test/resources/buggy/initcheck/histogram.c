// initcheck: the bins are counted into with atomicAdd, but nobody set them to zero first.
#include "rvsimt.h"

typedef struct { unsigned n; const int *values; int *bins; } Args;

__global__ void histogram(const Args *a) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a->n)
        atomicAdd(&a->bins[a->values[i] % 16], 1);  // ATOMIC
}
