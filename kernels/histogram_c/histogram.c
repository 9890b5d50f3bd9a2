/* histogram.c: hist[v] += 1 for every data value v in [0, bins) (native ABI, C, atomics).
 *
 * Each block counts into a private histogram in shared memory (atomicAdd on shared memory),
 * then merges it into the global histogram (atomicAdd on global memory): both compile to
 * amoadd.w. Values outside [0, bins) are ignored. Launch: any 1-D grid and block, shared
 * memory 4*bins bytes; hist must start zeroed.
 */
#include "rvsimt.h"

struct histogram_args {
    unsigned n, bins;
    const int *data;
    unsigned *hist;
};

__global__ void histogram(const struct histogram_args *p) {
    unsigned *local = SHARED(unsigned);
    unsigned t = threadIdx.x, B = blockDim.x, bins = p->bins;
    for (unsigned b = t; b < bins; b += B) local[b] = 0;
    __syncthreads();
    unsigned stride = gridDim.x * B;
    for (unsigned i = blockIdx.x * B + t; i < p->n; i += stride) {
        unsigned v = (unsigned)p->data[i];
        if (v < bins) atomicAdd(&local[v], 1u);
    }
    __syncthreads();
    for (unsigned b = t; b < bins; b += B) {
        unsigned c = local[b];
        if (c != 0) atomicAdd(&p->hist[b], c);
    }
}
