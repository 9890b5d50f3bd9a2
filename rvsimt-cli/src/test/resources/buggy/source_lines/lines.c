// Source lines in reports: a loop (the hottest instructions) and a store outside memory (a fault).
#include "rvsimt.h"

typedef struct { int n; int *out; } Args;

__global__ void lines(Args *a) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int sum = 0;
    for (int k = 0; k < a->n; k++)
        sum = (sum ^ k) * 3 + i;                    // HOT
    if (i == 5)                                     // BRANCH
        a->out = (int *)0x10000000;                 // not a buffer: a stray pointer
    a->out[i] = sum;                                // FAULT
}
