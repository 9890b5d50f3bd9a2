/* sum_rvv.c: ordered float sums with RVV (Zve32f): thread t writes partial[t] = the sum of its chunk
 * of ceil(n / threads) elements, added strictly in element order: vfredosum.vs (the ordered
 * reduction) over e32 m4 strips, each strip's sum seeded with the previous one. So partial[t] is
 * ((0 + x[s]) + x[s+1]) + ... in binary32, bit for bit a sequential float loop (tol 0); an unordered
 * vfredusum could reassociate. */
#include <riscv_vector.h>
#include "rvsimt.h"

struct sum_args {
    unsigned n;
    const float *x;
    float *partial;
};

__global__ void sum_rvv(const struct sum_args *p) {
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned start, end;
    thread_chunk(p->n, &start, &end);
    vfloat32m1_t acc = __riscv_vfmv_s_f_f32m1(0.0f, 1);
    for (unsigned i = start; i < end;) {
        size_t vl = __riscv_vsetvl_e32m4(end - i);
        acc = __riscv_vfredosum_vs_f32m4_f32m1(__riscv_vle32_v_f32m4(p->x + i, vl), acc, vl);
        i += vl;
    }
    p->partial[t] = __riscv_vfmv_f_s_f32m1_f32(acc);
}
