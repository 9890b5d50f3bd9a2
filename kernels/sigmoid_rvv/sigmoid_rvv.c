/* sigmoid_rvv.c: out[i] = 1 / (1 + e^-x[i]) with RVV (Zve32f) and the SFU: per thread a chunk of
 * ceil(n / threads) elements in e32 m1 strips, each strip through vfsigmoid.v (rvv_sfu.h: fsigmoid.s
 * on each element), so the result is the scalar SFU's: correctly rounded in exact mode (within 1 ulp). */
#include <riscv_vector.h>  /* also tells CKernelCompiler to add zve32f */
#include "rvv_sfu.h"

struct sigmoid_args {
    unsigned n;
    const float *x;
    float *out;
};

__global__ void sigmoid_rvv(const struct sigmoid_args *p) {
    unsigned start, end;
    thread_chunk(p->n, &start, &end);
    for (unsigned i = start; i < end;) {
        size_t vl = __riscv_vsetvl_e32m1(end - i);
        vfloat32m1_t v = __riscv_vle32_v_f32m1(p->x + i, vl);
        __riscv_vse32_v_f32m1(p->out + i, rvv_sigmoidf(v, vl), vl);
        i += vl;
    }
}
