/* softmax_rvv.c: row-wise softmax with RVV (Zve32f), one row per thread (grid-stride over rows):
 *   out[r][j] = e^(x[r][j] - max_r) / sum_k e^(x[r][k] - max_r)
 * Every pass in e32, m8 strips. Pass 1: vfmax.vv into a running vector, then vfredmax.vs. Pass 2:
 * e^(x - max) with vfexp.v (the SFU's fexp.s on each element, rvv_sfu.h), stored to out and summed
 * with vfredusum.vs (unordered: the sum may be reassociated, covered by the manifest's rtol).
 * Pass 3: vfdiv.vf by the sum. */
#include <riscv_vector.h>  /* also tells CKernelCompiler to add zve32f */
#include "rvv_sfu.h"

struct softmax_args {
    unsigned rows;
    unsigned n;
    const float *x;
    float *out;
};

__global__ void softmax_rvv(const struct softmax_args *p) {
    unsigned threads = gridDim.x * blockDim.x;
    unsigned n = p->n;
    size_t vlmax = __riscv_vsetvlmax_e32m8();
    for (unsigned r = blockIdx.x * blockDim.x + threadIdx.x; r < p->rows; r += threads) {
        const float *x = p->x + r * n;
        float *out = p->out + r * n;
        vfloat32m8_t vmax = __riscv_vfmv_v_f_f32m8(-__builtin_inff(), vlmax);
        for (unsigned i = 0; i < n;) {
            size_t vl = __riscv_vsetvl_e32m8(n - i);
            /* tail-undisturbed: elements past vl keep their running max */
            vmax = __riscv_vfmax_vv_f32m8_tu(vmax, vmax, __riscv_vle32_v_f32m8(x + i, vl), vl);
            i += vl;
        }
        float max = __riscv_vfmv_f_s_f32m1_f32(
                __riscv_vfredmax_vs_f32m8_f32m1(vmax, __riscv_vfmv_s_f_f32m1(-__builtin_inff(), 1), vlmax));
        vfloat32m1_t sum = __riscv_vfmv_s_f_f32m1(0.0f, 1);
        for (unsigned i = 0; i < n;) {
            size_t vl = __riscv_vsetvl_e32m8(n - i);
            vfloat32m8_t e = rvv_expf_m8(__riscv_vfsub_vf_f32m8(__riscv_vle32_v_f32m8(x + i, vl), max, vl), vl);
            __riscv_vse32_v_f32m8(out + i, e, vl);
            sum = __riscv_vfredusum_vs_f32m8_f32m1(e, sum, vl);
            i += vl;
        }
        float s = __riscv_vfmv_f_s_f32m1_f32(sum);
        for (unsigned i = 0; i < n;) {
            size_t vl = __riscv_vsetvl_e32m4(n - i);
            vfloat32m4_t e = __riscv_vle32_v_f32m4(out + i, vl);
            __riscv_vse32_v_f32m4(out + i, __riscv_vfdiv_vf_f32m4(e, s, vl), vl);
            i += vl;
        }
    }
}
