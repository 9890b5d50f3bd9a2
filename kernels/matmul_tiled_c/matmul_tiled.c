/* matmul_tiled.c: C = A * B with 16x16 tiles staged in shared memory (native ABI, C).
 *
 * A [M][K], B [K][N], C [M][N], row-major f32; any M, N, K (tiles past the edges are padded
 * with zeros). Launch: block (16, 16), grid (ceil(N/16), ceil(M/16)), shared 2*16*16*4 = 2048 B.
 * Each block loads one tile of A and one of B per step, synchronises, accumulates 16 products,
 * and synchronises again before the tiles are overwritten.
 */
#include "rvsimt.h"

#define TILE 16

struct matmul_args {
    unsigned M, N, K;
    const float *A;
    const float *B;
    float *C;
};

__global__ void matmul_tiled(const struct matmul_args *p) {
    float (*As)[TILE] = (float (*)[TILE])SHARED(float);
    float (*Bs)[TILE] = (float (*)[TILE])SHARED_AT(float, TILE * TILE * sizeof(float));
    unsigned M = p->M, N = p->N, K = p->K;
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    unsigned row = blockIdx.y * TILE + ty;
    unsigned col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (unsigned t = 0; t < K; t += TILE) {
        As[ty][tx] = (row < M && t + tx < K) ? p->A[row * K + t + tx] : 0.0f;
        Bs[ty][tx] = (t + ty < K && col < N) ? p->B[(t + ty) * N + col] : 0.0f;
        __syncthreads();
        for (unsigned k = 0; k < TILE; k++) {
            acc += As[ty][k] * Bs[k][tx];
        }
        __syncthreads();
    }
    if (row < M && col < N) {
        p->C[row * N + col] = acc;
    }
}
