/* saxpy_rvv.c: out[i] = a * x[i] + y[i] with RVV intrinsics (Zve32f). Each thread takes a contiguous
 * chunk of ceil(n / threads) elements and strip-mines it with vsetvl at e32, m8; vfmacc is fused
 * (one rounding), like the fmadd.s of saxpy_c, hence the same tolerance. */
#include <riscv_vector.h>
#include "rvsimt.h"

struct saxpy_args {
    unsigned n;
    float a;
    const float *x;
    const float *y;
    float *out;
};

__global__ void saxpy_rvv(const struct saxpy_args *p) {
    unsigned start, end;
    thread_chunk(p->n, &start, &end);
    for (unsigned i = start; i < end;) {
        size_t vl = __riscv_vsetvl_e32m8(end - i);
        vfloat32m8_t vx = __riscv_vle32_v_f32m8(p->x + i, vl);
        vfloat32m8_t vy = __riscv_vle32_v_f32m8(p->y + i, vl);
        __riscv_vse32_v_f32m8(p->out + i, __riscv_vfmacc_vf_f32m8(vy, p->a, vx, vl), vl);
        i += vl;
    }
}
