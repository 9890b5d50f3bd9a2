/* reduction_rvv.c: out[0] = sum of n int32 values (wrapping), RVV (Zve32x): per thread a chunk of
 * ceil(n / threads) elements, e32 m8 strips summed with vadd.vv into a running vector
 * (tail-undisturbed), one vredsum.vs at the end, then one atomicAdd per thread. Integer adds wrap
 * and commute, so the result is exact in any order. */
#include <riscv_vector.h>
#include "rvsimt.h"

struct reduction_args {
    unsigned n;
    const int *in;
    int *out;
};

__global__ void reduce_sum_rvv(const struct reduction_args *p) {
    unsigned start, end;
    thread_chunk(p->n, &start, &end);
    size_t vlmax = __riscv_vsetvlmax_e32m8();
    vint32m8_t acc = __riscv_vmv_v_x_i32m8(0, vlmax);
    for (unsigned i = start; i < end;) {
        size_t vl = __riscv_vsetvl_e32m8(end - i);
        acc = __riscv_vadd_vv_i32m8_tu(acc, acc, __riscv_vle32_v_i32m8(p->in + i, vl), vl);
        i += vl;
    }
    vint32m1_t total = __riscv_vredsum_vs_i32m8_i32m1(acc, __riscv_vmv_s_x_i32m1(0, 1), vlmax);
    int s = __riscv_vmv_x_s_i32m1_i32(total);
    if (start < end) {
        atomicAdd(p->out, s);
    }
}
