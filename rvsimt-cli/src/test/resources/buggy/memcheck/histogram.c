// memcheck: values run from 0 to 256 inclusive, so value 256 counts into bin 16 of 16.
#include "rvsimt.h"

typedef struct { unsigned n; const int *values; int *bins; } Args;

__global__ void histogram(const Args *a) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a->n)
        atomicAdd(&a->bins[a->values[i] / 16], 1);   // ATOMIC (BUG: 256 / 16 == 16)
}
