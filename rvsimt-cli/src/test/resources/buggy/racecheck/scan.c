// racecheck: a Hillis-Steele inclusive scan of one block in shared memory, with the barrier between
// reading the neighbour and updating one's own element removed: a thread may overwrite s[t] before
// the thread 'off' places to its right has read it.
#include "rvsimt.h"

typedef struct { const int *in; int *out; } Args;

__global__ void scan(const Args *a) {
    int *s = SHARED(int);
    unsigned t = threadIdx.x;
    s[t] = a->in[t];
    __syncthreads();
    for (unsigned off = 1; off < blockDim.x; off <<= 1) {
        int v = t >= off ? s[t - off] : 0;          // READ
        // BUG: __syncthreads() belongs here
        s[t] += v;                                  // WRITE
        __syncthreads();
    }
    a->out[t] = s[t];
}
