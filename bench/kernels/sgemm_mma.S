# sgemm_mma.S (rvsimt bench, and the kernel library's matmul_mma manifest): C = A * B with the XuanTie matrix extension (MatrixUnit), one 4x4 tile of C per
# thread (native ABI).
#
# Arguments (a0 -> 32-bit words): M, N, K, A, B, C; A [M][K], B [K][N], C [M][N], row-major f32.
# Launch: 2-D, any block; thread (gx, gy) = global thread index computes C[4gy..4gy+3][4gx..4gx+3]
# (rows/columns past M/N are masked by the tile shape, so any M, N, K work).
#
# f32 tiles hold 4x4 (TRLEN 128 = 4 floats a row, 4 rows). mfmacc.s acc, trB, trA computes
# acc[i][j] += sum_k trA[i][k] * trB[j][k]: the B tile is held transposed (row j = column j of
# B). A tiles load directly (mlae32, row stride 4K). B is row-major in memory, which is the B tile
# column-major: mlbte32 (the transposed B load) reads its rows k0..k0+3 (row stride 4N) as the
# tile's columns. Full k steps of 4 run in the loop, a last partial step (K not a multiple of 4)
# after it.
# Rounding: each mfmacc.s adds 4 exact products to the accumulator and rounds once (MatrixOps),
# so C is K/4 roundings deep, not K.
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
        slli    s6, t0, 2               # j0 = 4 gx
        slli    s7, t1, 2               # i0 = 4 gy
        bgeu    s6, s1, .Ldone          # tile entirely outside C
        bgeu    s7, s0, .Ldone
        sub     t0, s0, s7
        msettilem t0                    # rows of the tile: min(4, M - i0) (clamped by the unit)
        sub     t0, s1, s6
        msettilen t0                    # columns: min(4, N - j0)
        slli    s9, s2, 2               # 4K: row stride of A
        slli    s10, s1, 2              # 4N: row stride of B and C
        slli    s8, s10, 2              # 16N: four rows of B
        mul     t0, s7, s9
        add     a1, s3, t0              # &A[i0][0]
        slli    t0, s6, 2
        add     a2, s4, t0              # &B[0][j0]
        mzero   acc0
        andi    t3, s2, -4              # K rounded down to whole k steps
        li      s11, 0                  # k0
        msettileki 4
        beqz    t3, .Ltail
.Lk:
        mlae32  tr0, (a1), s9           # A[i0..][k0..k0+4)
        mlbte32 tr1, (a2), s10          # B[k0..k0+4)[j0..], transposed: row j = column j0 + j of B
        mfmacc.s acc0, tr1, tr0         # acc0[i][j] += sum_k A[i][k] * B[k][j], one rounding
        addi    a1, a1, 16              # next 4 columns of A
        add     a2, a2, s8              # next 4 rows of B
        addi    s11, s11, 4
        bltu    s11, t3, .Lk
.Ltail:
        bgeu    s11, s2, .Lstore
        sub     t0, s2, s11
        msettilek t0                    # the last 1-3 columns of A / rows of B
        mlae32  tr0, (a1), s9
        mlbte32 tr1, (a2), s10
        mfmacc.s acc0, tr1, tr0
.Lstore:
        mul     t0, s7, s10
        add     t0, s5, t0
        slli    t1, s6, 2
        add     t0, t0, t1              # &C[i0][j0]
        msce32  acc0, (t0), s10
.Ldone:
        ret
