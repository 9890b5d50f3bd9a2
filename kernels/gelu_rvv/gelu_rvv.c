/* gelu_rvv.c: out[i] = x * sigmoid(1.702 x) with RVV (Zve32f) and the SFU: vfmul.vf by 1.702f,
 * vfsigmoid.v (rvv_sfu.h: fsigmoid.s on each element), vfmul.vv by x; per thread a chunk of ceil(n / threads)
 * elements in e32 m1 strips. The same three roundings as the scalar gelu.S. */
#include <riscv_vector.h>  /* also tells CKernelCompiler to add zve32f */
#include "rvv_sfu.h"

struct gelu_args {
    unsigned n;
    const float *x;
    float *out;
};

__global__ void gelu_rvv(const struct gelu_args *p) {
    unsigned start, end;
    thread_chunk(p->n, &start, &end);
    for (unsigned i = start; i < end;) {
        size_t vl = __riscv_vsetvl_e32m1(end - i);
        vfloat32m1_t x = __riscv_vle32_v_f32m1(p->x + i, vl);
        vfloat32m1_t s = rvv_sigmoidf(__riscv_vfmul_vf_f32m1(x, 1.702f, vl), vl);
        __riscv_vse32_v_f32m1(p->out + i, __riscv_vfmul_vv_f32m1(x, s, vl), vl);
        i += vl;
    }
}
