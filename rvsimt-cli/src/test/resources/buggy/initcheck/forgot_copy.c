// initcheck: the host allocated 'coeffs' but never copied the coefficients into it.
#include "rvsimt.h"

typedef struct { unsigned n; const float *x; const float *coeffs; float *out; } Args;

__global__ void poly(const Args *a) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a->n) {
        float x = a->x[i];
        a->out[i] = a->coeffs[0] + x * (a->coeffs[1] + x * a->coeffs[2]);   // LOAD
    }
}
