/* bitonic_sort.c: each block sorts its own segment of 1024 int32 keys in place, ascending
 * (native ABI, C). Keys are staged in shared memory; every compare-exchange step is followed
 * by a barrier; the compare-exchange itself is divergent (only i < i^j pairs work, and the
 * direction depends on i & k).
 *
 * Launch: grid [segments], any 1-D block size (512: two keys per thread per step), shared
 * memory 4096 bytes. keys holds segments * 1024 values.
 */
#include "rvsimt.h"

#define KEYS 1024

struct sort_args {
    int *keys;
};

__global__ void bitonic_sort(const struct sort_args *p) {
    int *sh = SHARED(int);
    int *seg = p->keys + blockIdx.x * KEYS;
    unsigned t = threadIdx.x, B = blockDim.x;
    for (unsigned i = t; i < KEYS; i += B) sh[i] = seg[i];
    __syncthreads();
    for (unsigned k = 2; k <= KEYS; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            for (unsigned i = t; i < KEYS; i += B) {
                unsigned partner = i ^ j;
                if (partner > i) {
                    int a = sh[i], b = sh[partner];
                    int ascending = (i & k) == 0;
                    if ((a > b) == ascending) {
                        sh[i] = b;
                        sh[partner] = a;
                    }
                }
            }
            __syncthreads();
        }
    }
    for (unsigned i = t; i < KEYS; i += B) seg[i] = sh[i];
}
