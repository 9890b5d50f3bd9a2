# sgemm_mma.S (rvsimt bench, and the kernel library's matmul_mma manifest): C = A * B with the XuanTie matrix extension (MatrixUnit), an 8x8 block of C per
# thread as four 4x4 tiles in acc0-acc3 (native ABI).
#
# Arguments (a0 -> 32-bit words): M, N, K, A, B, C; A [M][K], B [K][N], C [M][N], row-major f32.
# Launch: 2-D, any block; thread (gx, gy) = global thread index computes C[8gy..8gy+7][8gx..8gx+7]
# (rows/columns past M/N are masked by the tile shape, so any M, N, K work).
#
# f32 tiles hold 4x4 (TRLEN 128 = 4 floats a row, 4 rows). mfmacc.s acc, trB, trA computes
# acc[i][j] += sum_k trA[i][k] * trB[j][k]: the B tile is held transposed (row j = column j of
# B). A tiles load directly (mlae32, row stride 4K). B is row-major in memory, which is the B tile
# column-major: mlbte32 (the transposed B load) reads its rows k0..k0+3 (row stride 4N) as the
# tile's columns.
# Register blocking, as matrix-unit code is written: per k step of 4, two A tiles (rows i0..i0+3 and
# i0+4..i0+7) and two B tiles (columns j0..j0+3 and j0+4..j0+7) feed four mfmacc.s, so each loaded
# tile is used twice:
#   acc0 = rows i0.., columns j0..     acc1 = rows i0.., columns j0+4..
#   acc2 = rows i0+4.., columns j0..   acc3 = rows i0+4.., columns j0+4..
# A thread whose 8x8 block lies whole inside C runs that loop; one on the edge computes its four
# tiles one after the other with the tile shape clamped (msettilem/n), skipping empty ones. Full k
# steps of 4 run in the loop, a last partial step (K not a multiple of 4) after it.
# Rounding: each mfmacc.s adds 4 exact products to the accumulator and rounds once (MatrixOps),
# so C is K/4 roundings deep, not K; both paths add the same groups in the same order.
        .text
        .globl  sgemm_mma
sgemm_mma:
        lw      s0, 0(a0)               # M
        lw      s1, 4(a0)               # N
        lw      s2, 8(a0)               # K
        lw      s3, 12(a0)              # A
        lw      s4, 16(a0)              # B
        lw      s5, 20(a0)              # C
        csrr    t0, 0xCD3               # threadIdx.x
        csrr    t1, 0xCD6               # blockIdx.x
        csrr    t2, 0xCD9               # blockDim.x
        mul     t1, t1, t2
        add     t0, t0, t1              # gx
        csrr    t1, 0xCD4               # threadIdx.y
        csrr    t2, 0xCD7               # blockIdx.y
        csrr    t3, 0xCDA               # blockDim.y
        mul     t2, t2, t3
        add     t1, t1, t2              # gy
        slli    s6, t0, 3               # j0 = 8 gx
        slli    s7, t1, 3               # i0 = 8 gy
        bgeu    s6, s1, .Ldone          # block entirely outside C
        bgeu    s7, s0, .Ldone
        slli    s9, s2, 2               # 4K: row stride of A
        slli    s10, s1, 2              # 4N: row stride of B and C
        slli    s8, s10, 2              # 16N: four rows of B
        andi    t3, s2, -4              # K rounded down to whole k steps
        addi    t0, s7, 8
        bltu    s0, t0, .Ledge          # rows i0+4.. not all inside C
        addi    t0, s6, 8
        bltu    s1, t0, .Ledge          # columns j0+4.. not all inside C
        li      t0, 4
        msettilem t0
        msettilen t0
        msettileki 4
        mul     t0, s7, s9
        add     a1, s3, t0              # &A[i0][0]
        slli    t0, s9, 2
        add     a3, a1, t0              # &A[i0+4][0]
        slli    t0, s6, 2
        add     a2, s4, t0              # &B[0][j0]
        addi    a4, a2, 16              # &B[0][j0+4]
        slli    t0, t3, 2
        add     a5, a1, t0              # a1 at the end of the whole k steps
        mzero   acc0
        mzero   acc1
        mzero   acc2
        mzero   acc3
        beqz    t3, .Ltail8
.Lk8:
        mlae32  tr0, (a1), s9           # A[i0..i0+4)[k0..k0+4)
        mlae32  tr1, (a3), s9           # A[i0+4..i0+8)[k0..k0+4)
        mlbte32 tr2, (a2), s10          # B[k0..k0+4)[j0..j0+4), transposed
        mlbte32 tr3, (a4), s10          # B[k0..k0+4)[j0+4..j0+8), transposed
        mfmacc.s acc0, tr2, tr0
        mfmacc.s acc1, tr3, tr0
        mfmacc.s acc2, tr2, tr1
        mfmacc.s acc3, tr3, tr1
        addi    a1, a1, 16              # next 4 columns of A
        addi    a3, a3, 16
        add     a2, a2, s8              # next 4 rows of B
        add     a4, a4, s8
        bltu    a1, a5, .Lk8
.Ltail8:
        beq     t3, s2, .Lstore8
        sub     t0, s2, t3
        msettilek t0                    # the last 1-3 columns of A / rows of B
        mlae32  tr0, (a1), s9
        mlae32  tr1, (a3), s9
        mlbte32 tr2, (a2), s10
        mlbte32 tr3, (a4), s10
        mfmacc.s acc0, tr2, tr0
        mfmacc.s acc1, tr3, tr0
        mfmacc.s acc2, tr2, tr1
        mfmacc.s acc3, tr3, tr1
.Lstore8:
        mul     t0, s7, s10
        add     t0, s5, t0
        slli    t1, s6, 2
        add     t0, t0, t1              # &C[i0][j0]
        msce32  acc0, (t0), s10
        addi    t1, t0, 16
        msce32  acc1, (t1), s10
        slli    t2, s10, 2
        add     t0, t0, t2              # &C[i0+4][j0]
        msce32  acc2, (t0), s10
        addi    t1, t0, 16
        msce32  acc3, (t1), s10
        ret
.Ledge:
        li      a7, 0                   # tile q: rows i0 + 4 (q >> 1), columns j0 + 4 (q & 1)
.Lquad:
        srli    t0, a7, 1
        slli    t0, t0, 2
        add     a5, s7, t0              # i
        andi    t0, a7, 1
        slli    t0, t0, 2
        add     a6, s6, t0              # j
        bgeu    a5, s0, .Lnext          # tile entirely outside C
        bgeu    a6, s1, .Lnext
        sub     t0, s0, a5
        msettilem t0                    # rows of the tile: min(4, M - i) (clamped by the unit)
        sub     t0, s1, a6
        msettilen t0                    # columns: min(4, N - j)
        msettileki 4
        mul     t0, a5, s9
        add     a1, s3, t0              # &A[i][0]
        slli    t0, a6, 2
        add     a2, s4, t0              # &B[0][j]
        mzero   acc0
        li      s11, 0                  # k0
        beqz    t3, .Ltail
.Lk:
        mlae32  tr0, (a1), s9
        mlbte32 tr1, (a2), s10
        mfmacc.s acc0, tr1, tr0
        addi    a1, a1, 16
        add     a2, a2, s8
        addi    s11, s11, 4
        bltu    s11, t3, .Lk
.Ltail:
        bgeu    s11, s2, .Lstore
        sub     t0, s2, s11
        msettilek t0
        mlae32  tr0, (a1), s9
        mlbte32 tr1, (a2), s10
        mfmacc.s acc0, tr1, tr0
.Lstore:
        mul     t0, a5, s10
        add     t0, s5, t0
        slli    t1, a6, 2
        add     t0, t0, t1              # &C[i][j]
        msce32  acc0, (t0), s10
.Lnext:
        addi    a7, a7, 1
        li      t0, 4
        bltu    a7, t0, .Lquad
.Ldone:
        ret
