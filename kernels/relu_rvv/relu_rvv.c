/* relu_rvv.c: out[i] = max(x[i], 0) with RVV intrinsics (Zve32f): per thread a chunk of
 * ceil(n / threads) elements, vfmax.vf against 0 (exact, so tol 0). */
#include <riscv_vector.h>
#include "rvsimt.h"

struct relu_args {
    unsigned n;
    const float *x;
    float *out;
};

__global__ void relu_rvv(const struct relu_args *p) {
    unsigned start, end;
    thread_chunk(p->n, &start, &end);
    for (unsigned i = start; i < end;) {
        size_t vl = __riscv_vsetvl_e32m4(end - i);
        vfloat32m4_t v = __riscv_vle32_v_f32m4(p->x + i, vl);
        __riscv_vse32_v_f32m4(p->out + i, __riscv_vfmax_vf_f32m4(v, 0.0f, vl), vl);
        i += vl;
    }
}
