/* rvv_sfu.h: elementwise SFU functions on RVV vectors, for the *_rvv kernels.
 *
 * RVV has no exp or sigmoid, and rvsimt's SFU instructions are scalar, so each element goes through
 * the SFU in turn: vfmv.f.s reads element 0, vfslide1down drops it from the source and appends the
 * result at the top of the destination; after vl steps the destination holds f(v[0..vl)) in order.
 * The result is exactly the scalar SFU's (exact mode: correctly rounded), so the error bound is the
 * scalar kernel's. Use it with LMUL 1: the slides cost vl element moves each, vl^2 per strip. */
#ifndef RVV_SFU_H
#define RVV_SFU_H
#include <riscv_vector.h>
#include "rvsimt.h"

#define RVV_SFU_MAP(name, fn)                                                         \
    static inline vfloat32m1_t name(vfloat32m1_t v, size_t vl) {                      \
        vfloat32m1_t r = v;                                                           \
        for (size_t e = 0; e < vl; e++) {                                             \
            float f = __riscv_vfmv_f_s_f32m1_f32(v);                                  \
            v = __riscv_vfslide1down_vf_f32m1(v, 0.0f, vl);                           \
            r = __riscv_vfslide1down_vf_f32m1(r, fn(f), vl);                          \
        }                                                                             \
        return r;                                                                     \
    }

RVV_SFU_MAP(rvv_expf, __expf)
RVV_SFU_MAP(rvv_sigmoidf, __sigmoidf)

#endif
