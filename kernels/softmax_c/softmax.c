/* softmax.c: row-wise softmax with block reductions in shared memory (native ABI, C).
 *
 * x, out: [rows][n] f32. One block per row (grid-stride over rows), any 1-D block size B,
 * shared memory 4*B bytes, any n (each thread strides over its row by B).
 *   out[r][j] = e^(x[r][j] - max_r) / sum_k e^(x[r][k] - max_r)
 */
#include "rvsimt.h"

struct softmax_args {
    unsigned rows, n;
    const float *x;
    float *out;
};

/* Tree reduction over the block; every thread must call it (it contains barriers). */
#define BLOCK_REDUCE(name, OP) \
    __device__ float name(float v) { \
        float *sh = SHARED(float); \
        unsigned t = threadIdx.x, B = blockDim.x; \
        sh[t] = v; \
        __syncthreads(); \
        unsigned p = 1; \
        while (p < B) p <<= 1; \
        for (unsigned s = p >> 1; s > 0; s >>= 1) { \
            if (t < s && t + s < B) { float a = sh[t], b = sh[t + s]; sh[t] = OP; } \
            __syncthreads(); \
        } \
        float r = sh[0]; \
        __syncthreads(); /* everyone has read sh[0] before the next reduction reuses it */ \
        return r; \
    }
BLOCK_REDUCE(block_max, fmaxf(a, b))
BLOCK_REDUCE(block_sum, a + b)

__global__ void softmax(const struct softmax_args *p) {
    unsigned t = threadIdx.x, B = blockDim.x, n = p->n;
    for (unsigned r = blockIdx.x; r < p->rows; r += gridDim.x) {
        const float *x = p->x + r * n;
        float *out = p->out + r * n;
        float m = -RV_INFINITY;
        for (unsigned j = t; j < n; j += B) m = fmaxf(m, x[j]);
        m = block_max(m);
        float s = 0.0f;
        for (unsigned j = t; j < n; j += B) s += expf(x[j] - m);
        s = block_sum(s);
        for (unsigned j = t; j < n; j += B) out[j] = expf(x[j] - m) / s;
    }
}
