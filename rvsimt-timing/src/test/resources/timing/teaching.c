/* Teaching pairs for the performance model: kernels that compute the same thing, one of them the
 * way a performance guide recommends. Each test launches two of them and checks the result and
 * the direction of the timing difference. */
#include "rvsimt.h"

#define TILE 16

struct sgemm_args { unsigned n; const float *A; const float *B; float *C; };

/* C = A B, one thread per element, every operand straight from global memory. */
__global__ void sgemm_naive(const struct sgemm_args *p) {
    unsigned n = p->n;
    unsigned row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    for (unsigned k = 0; k < n; k++) {
        acc += p->A[row * n + k] * p->B[k * n + col];
    }
    p->C[row * n + col] = acc;
}

/* The same with 16x16 tiles of A and B staged in shared memory (n a multiple of 16). */
__global__ void sgemm_tiled(const struct sgemm_args *p) {
    float (*As)[TILE] = (float (*)[TILE])SHARED(float);
    float (*Bs)[TILE] = (float (*)[TILE])SHARED_AT(float, TILE * TILE * sizeof(float));
    unsigned n = p->n, tx = threadIdx.x, ty = threadIdx.y;
    unsigned row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (unsigned t = 0; t < n; t += TILE) {
        As[ty][tx] = p->A[row * n + t + tx];
        Bs[ty][tx] = p->B[(t + ty) * n + col];
        __syncthreads();
        /* Unrolled, clang hoists 32 shared addresses and spills them to the stack: more local
         * traffic than the tiles save (see docs/timing.md). */
#pragma clang loop unroll(disable)
        for (unsigned k = 0; k < TILE; k++) {
            acc += As[ty][k] * Bs[k][tx];
        }
        __syncthreads();
    }
    p->C[row * n + col] = acc;
}

#define TT 32

struct transpose_args { unsigned n; const float *in; float *out; };

/* out = in^T with 32x8 blocks over 32x32 tiles: reads coalesced, writes strided by n. */
__global__ void transpose_naive(const struct transpose_args *p) {
    unsigned n = p->n, x = blockIdx.x * TT + threadIdx.x, y0 = blockIdx.y * TT;
    for (unsigned j = threadIdx.y; j < TT; j += 8) {
        p->out[x * n + y0 + j] = p->in[(y0 + j) * n + x];
    }
}

/* Through a 32x32 shared tile: both global accesses coalesced; reading the tile's columns puts
 * all 32 lanes on one bank (32-way conflicts). */
__global__ void transpose_shared(const struct transpose_args *p) {
    float (*tile)[TT] = (float (*)[TT])SHARED(float);
    unsigned n = p->n, tx = threadIdx.x;
    unsigned x = blockIdx.x * TT + tx, y = blockIdx.y * TT;
    for (unsigned j = threadIdx.y; j < TT; j += 8) {
        tile[j][tx] = p->in[(y + j) * n + x];
    }
    __syncthreads();
    x = blockIdx.y * TT + tx;
    y = blockIdx.x * TT;
    for (unsigned j = threadIdx.y; j < TT; j += 8) {
        p->out[(y + j) * n + x] = tile[tx][j];
    }
}

/* The same with rows padded to 33 words: a column's words fall in 32 different banks. */
__global__ void transpose_padded(const struct transpose_args *p) {
    float (*tile)[TT + 1] = (float (*)[TT + 1])SHARED(float);
    unsigned n = p->n, tx = threadIdx.x;
    unsigned x = blockIdx.x * TT + tx, y = blockIdx.y * TT;
    for (unsigned j = threadIdx.y; j < TT; j += 8) {
        tile[j][tx] = p->in[(y + j) * n + x];
    }
    __syncthreads();
    x = blockIdx.y * TT + tx;
    y = blockIdx.x * TT;
    for (unsigned j = threadIdx.y; j < TT; j += 8) {
        p->out[(y + j) * n + x] = tile[tx][j];
    }
}

struct reduce_args { const int *in; int *out; };

/* Block sum in shared memory, interleaved addressing: thread t adds at stride s when t % 2s == 0
 * (divergent warps, and the strided shared accesses conflict). */
__global__ void reduce_interleaved(const struct reduce_args *p) {
    int *s = SHARED(int);
    unsigned t = threadIdx.x;
    s[t] = p->in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        unsigned i = 2 * stride * t;
        if (i < blockDim.x) {
            s[i] += s[i + stride];
        }
        __syncthreads();
    }
    if (t == 0) {
        p->out[blockIdx.x] = s[0];
    }
}

/* Sequential addressing: the first half of the threads add the second half (contiguous, no conflicts). */
__global__ void reduce_sequential(const struct reduce_args *p) {
    int *s = SHARED(int);
    unsigned t = threadIdx.x;
    s[t] = p->in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (t < stride) {
            s[t] += s[t + stride];
        }
        __syncthreads();
    }
    if (t == 0) {
        p->out[blockIdx.x] = s[0];
    }
}
