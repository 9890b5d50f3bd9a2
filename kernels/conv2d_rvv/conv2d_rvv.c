/* conv2d_rvv.c: valid K x K convolution (cross-correlation) of in [H][W] with w [K][K] into
 * out [H-K+1][W-K+1], RVV (Zve32f): one output row per thread (grid-stride over rows), the row's
 * columns in e32 m4 strips; for each (ky, kx) one vfmacc.vf of the shifted input row by the weight,
 * so every output is the fused fma chain in ky, kx order, exactly as the scalar conv2d.S. */
#include <riscv_vector.h>
#include "rvsimt.h"

struct conv2d_args {
    unsigned h;
    unsigned w;
    unsigned k;
    const float *in;
    const float *wt;
    float *out;
};

__global__ void conv2d_rvv(const struct conv2d_args *p) {
    unsigned threads = gridDim.x * blockDim.x;
    unsigned k = p->k;
    unsigned oh = p->h - k + 1;
    unsigned ow = p->w - k + 1;
    for (unsigned oy = blockIdx.x * blockDim.x + threadIdx.x; oy < oh; oy += threads) {
        for (unsigned ox = 0; ox < ow;) {
            size_t vl = __riscv_vsetvl_e32m4(ow - ox);
            vfloat32m4_t acc = __riscv_vfmv_v_f_f32m4(0.0f, vl);
            for (unsigned ky = 0; ky < k; ky++) {
                const float *row = p->in + (oy + ky) * p->w + ox;
                for (unsigned kx = 0; kx < k; kx++) {
                    acc = __riscv_vfmacc_vf_f32m4(acc, p->wt[ky * k + kx], __riscv_vle32_v_f32m4(row + kx, vl), vl);
                }
            }
            __riscv_vse32_v_f32m4(p->out + oy * ow + ox, acc, vl);
            ox += vl;
        }
    }
}
