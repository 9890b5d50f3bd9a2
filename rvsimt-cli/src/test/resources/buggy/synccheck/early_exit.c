// synccheck: threads past the end of the data return early, then the others wait at a barrier
// their exited warps never reach.
#include "rvsimt.h"

typedef struct { unsigned n; const int *in; int *out; } Args;

__global__ void early_exit(const Args *a) {
    int *s = SHARED(int);
    unsigned t = threadIdx.x;
    if (t >= a->n)
        return;                                     // BUG: these warps never reach the barrier
    s[t] = a->in[t];
    __syncthreads();                                // BARRIER
    a->out[t] = s[(t + 1) % a->n];
}
