// racecheck: a tree reduction in shared memory that starts without a barrier after every thread
// stored its element: thread t reads s[t + 128] before the thread that stores it may have run.
#include "rvsimt.h"

typedef struct { const int *in; int *out; } Args;

__global__ void reduce(const Args *a) {
    int *s = SHARED(int);
    unsigned t = threadIdx.x;
    s[t] = a->in[blockIdx.x * blockDim.x + t];      // STORE
    // BUG: __syncthreads() belongs here
    for (unsigned half = blockDim.x / 2; half > 0; half >>= 1) {
        if (t < half)
            s[t] += s[t + half];                    // READ
        __syncthreads();
    }
    if (t == 0)
        a->out[blockIdx.x] = s[0];
}
