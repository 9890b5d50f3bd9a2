# sgemm_naive.S: C = A * B (row-major f32; A is MxK, B is KxN, C is MxN), one thread per
# element of C reading A and B straight from global memory (rvsimt bench, native ABI).
#
# Arguments: M, N, K, A, B, C.
# Launch: block (16, 16), grid (N/16, M/16); M and N multiples of 16, K a multiple of 4.
# The k loop is unrolled four times: per k one load of A (the same address in all lanes of a
# row), one load of B (consecutive across lanes), one pointer step and one fmadd.s.
        .text
        .globl  sgemm_naive
sgemm_naive:
        lw      a1, 4(a0)               # N
        lw      a2, 8(a0)               # K
        lw      a3, 12(a0)              # A
        lw      a4, 16(a0)              # B
        lw      a5, 20(a0)              # C
        csrr    t0, vx_tid_x
        csrr    t1, vx_tid_y
        csrr    t2, vx_bid_x
        csrr    t3, vx_bid_y
        slli    t2, t2, 4
        add     t0, t0, t2              # col
        slli    t3, t3, 4
        add     t1, t1, t3              # row
        mul     t2, t1, a2              # row * K
        slli    t2, t2, 2
        add     t4, a3, t2              # pa = &A[row][0]
        slli    t2, t0, 2
        add     t5, a4, t2              # pb = &B[0][col]
        slli    t6, a1, 2               # ldb = N * 4
        slli    t2, a2, 2
        add     a6, t4, t2              # end of the A row
        fmv.w.x fa0, zero               # acc
.Lk:
        flw     ft0, 0(t4)
        flw     ft1, 0(t5)
        add     t5, t5, t6
        fmadd.s fa0, ft0, ft1, fa0
        flw     ft2, 4(t4)
        flw     ft3, 0(t5)
        add     t5, t5, t6
        fmadd.s fa0, ft2, ft3, fa0
        flw     ft4, 8(t4)
        flw     ft5, 0(t5)
        add     t5, t5, t6
        fmadd.s fa0, ft4, ft5, fa0
        flw     ft6, 12(t4)
        flw     ft7, 0(t5)
        add     t5, t5, t6
        fmadd.s fa0, ft6, ft7, fa0
        addi    t4, t4, 16
        bltu    t4, a6, .Lk
        mul     t2, t1, a1              # row * N
        add     t2, t2, t0
        slli    t2, t2, 2
        add     t2, a5, t2
        fsw     fa0, 0(t2)              # C[row][col]
        ret
