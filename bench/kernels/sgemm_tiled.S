# sgemm_tiled.S: C = A * B (row-major f32; A is MxK, B is KxN, C is MxN) with 16x16 tiles of
# A and B staged in shared memory (rvsimt bench, native ABI).
#
# Arguments: M, N, K, A, B, C.
# Launch: block (16, 16), grid (N/16, M/16), shared 2048 bytes; M, N, K multiples of 16.
# Shared memory: As[16][16] at 0xC0000000, Bs[16][16] at 0xC0000400. Per tile each thread
# copies one element of A and one of B, the block meets at the barrier (a store to
# 0x80002000), and the fully unrolled inner product runs 16 fmadd.s on shared operands whose
# offsets are immediates (As[ty][k] at 4k, Bs[k][tx] at 64k). 57 instructions per tile.
        .text
        .globl  sgemm_tiled
sgemm_tiled:
        lw      a1, 4(a0)               # N
        lw      a2, 8(a0)               # K
        lw      a3, 12(a0)              # A
        lw      a4, 16(a0)              # B
        lw      a5, 20(a0)              # C
        csrr    t0, vx_tid_x            # tx
        csrr    t1, vx_tid_y            # ty
        csrr    t2, vx_bid_x
        csrr    t3, vx_bid_y
        slli    t2, t2, 4
        add     s0, t0, t2              # col = bx*16 + tx
        slli    t3, t3, 4
        add     s1, t1, t3              # row = by*16 + ty
        mul     t2, s1, a2              # row * K
        add     t2, t2, t0              # + tx
        slli    t2, t2, 2
        add     t4, a3, t2              # pa = &A[row][tx]
        mul     t2, t1, a1              # ty * N
        add     t2, t2, s0              # + col
        slli    t2, t2, 2
        add     t5, a4, t2              # pb = &B[ty][col]
        slli    t6, a1, 6               # 16 rows of B: 16 * N * 4
        slli    t2, a2, 2
        add     a6, t4, t2              # end of pa's walk along the A row
        lui     s2, 0xC0000             # As
        slli    t2, t1, 4
        add     t2, t2, t0              # ty*16 + tx
        slli    t2, t2, 2
        add     s3, s2, t2              # &As[ty][tx]
        addi    s4, s3, 1024            # &Bs[ty][tx]
        slli    t2, t1, 6
        add     s5, s2, t2              # &As[ty][0]
        slli    t2, t0, 2
        add     s6, s2, t2
        addi    s6, s6, 1024            # &Bs[0][tx]
        lui     s7, 0x80002             # barrier register
        fmv.w.x fa0, zero               # acc
.Ltile:
        flw     ft0, 0(t4)
        flw     ft1, 0(t5)
        fsw     ft0, 0(s3)
        fsw     ft1, 0(s4)
        sw      zero, 0(s7)             # __syncthreads: the tiles are in shared memory
        flw     ft2, 0(s5)
        flw     ft3, 0(s6)
        fmadd.s fa0, ft2, ft3, fa0
        flw     ft4, 4(s5)
        flw     ft5, 64(s6)
        fmadd.s fa0, ft4, ft5, fa0
        flw     ft6, 8(s5)
        flw     ft7, 128(s6)
        fmadd.s fa0, ft6, ft7, fa0
        flw     ft8, 12(s5)
        flw     ft9, 192(s6)
        fmadd.s fa0, ft8, ft9, fa0
        flw     ft2, 16(s5)
        flw     ft3, 256(s6)
        fmadd.s fa0, ft2, ft3, fa0
        flw     ft4, 20(s5)
        flw     ft5, 320(s6)
        fmadd.s fa0, ft4, ft5, fa0
        flw     ft6, 24(s5)
        flw     ft7, 384(s6)
        fmadd.s fa0, ft6, ft7, fa0
        flw     ft8, 28(s5)
        flw     ft9, 448(s6)
        fmadd.s fa0, ft8, ft9, fa0
        flw     ft2, 32(s5)
        flw     ft3, 512(s6)
        fmadd.s fa0, ft2, ft3, fa0
        flw     ft4, 36(s5)
        flw     ft5, 576(s6)
        fmadd.s fa0, ft4, ft5, fa0
        flw     ft6, 40(s5)
        flw     ft7, 640(s6)
        fmadd.s fa0, ft6, ft7, fa0
        flw     ft8, 44(s5)
        flw     ft9, 704(s6)
        fmadd.s fa0, ft8, ft9, fa0
        flw     ft2, 48(s5)
        flw     ft3, 768(s6)
        fmadd.s fa0, ft2, ft3, fa0
        flw     ft4, 52(s5)
        flw     ft5, 832(s6)
        fmadd.s fa0, ft4, ft5, fa0
        flw     ft6, 56(s5)
        flw     ft7, 896(s6)
        fmadd.s fa0, ft6, ft7, fa0
        flw     ft8, 60(s5)
        flw     ft9, 960(s6)
        fmadd.s fa0, ft8, ft9, fa0
        sw      zero, 0(s7)             # __syncthreads: everyone is done with the tiles
        addi    t4, t4, 64
        add     t5, t5, t6
        bltu    t4, a6, .Ltile
        mul     t2, s1, a1              # row * N
        add     t2, t2, s0
        slli    t2, t2, 2
        add     t2, a5, t2
        fsw     fa0, 0(t2)              # C[row][col]
        ret
