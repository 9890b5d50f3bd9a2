// racecheck, intra-warp: the last 32 elements are reduced by warp 0 alone, "warp-synchronously",
// without barriers. Correct where a warp runs in lockstep (rvsimt, GPUs before Volta), a race on
// GPUs with independent thread scheduling: reported as warnings.
#include "rvsimt.h"

typedef struct { const int *in; int *out; } Args;

__global__ void warp_reduce(const Args *a) {
    volatile int *s = SHARED(int);
    unsigned t = threadIdx.x;
    s[t] = a->in[t] + a->in[t + 64];
    __syncthreads();
    if (t < 32) {
        for (unsigned half = 32; half > 0; half >>= 1)
            s[t] += s[t + half];                    // WARP
    }
    if (t == 0)
        a->out[0] = s[0];
}
