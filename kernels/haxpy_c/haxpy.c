/* haxpy.c: out[i] = a * x[i] + y[i] computed in half precision (_Float16, native ABI, C): the f32
 * inputs are rounded to binary16, clang (-march with zfh) fuses the multiply-add into one fmadd.h,
 * so the sum is rounded once to binary16, and the result is widened back to f32 exactly. */
#include "rvsimt.h"

struct haxpy_args {
    unsigned n;
    float a;
    const float *x;
    const float *y;
    float *out;
};

__global__ void haxpy(const struct haxpy_args *p) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p->n) {
        _Float16 a = (_Float16) p->a;
        _Float16 x = (_Float16) p->x[i];
        _Float16 y = (_Float16) p->y[i];
        _Float16 r = a * x + y;
        p->out[i] = (float) r;
    }
}
