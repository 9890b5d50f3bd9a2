# sgemm_mma.S (rvsimt bench, and the kernel library's matmul_mma manifest): C = A * B with the XuanTie matrix extension (MatrixUnit), one 4x4 tile of C per
# thread (native ABI).
#
# Arguments (a0 -> 32-bit words): M, N, K, A, B, C; A [M][K], B [K][N], C [M][N], row-major f32.
# Launch: 2-D, any block; thread (gx, gy) = global thread index computes C[4gy..4gy+3][4gx..4gx+3]
# (rows/columns past M/N are masked by the tile shape, so any M, N, K work).
#
# f32 tiles hold 4x4 (TRLEN 128 = 4 floats a row, 4 rows). mfmacc.s acc, trB, trA computes
# acc[i][j] += sum_k trA[i][k] * trB[j][k]: the B tile is stored transposed (row j = column j of
# B). A tiles load directly (mlae32, row stride 4K). B's columns are strided in memory, so each
# lane gathers them with RVV strided loads (vlse32, stride 4N) into a 64-byte scratch on its
# private stack, which mlbe32 then loads as the B tile (row stride 16).
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
        li      t0, 4
        sub     s8, s1, s6
        bltu    s8, t0, 1f
        mv      s8, t0                  # s8 = columns of this tile, for the gather loop
1:
        addi    sp, sp, -64             # B tile scratch: 4 rows of 16 bytes
        slli    s9, s2, 2               # 4K: row stride of A
        slli    s10, s1, 2              # 4N: row stride of B and C
        mul     t0, s7, s9
        add     a1, s3, t0              # &A[i0][0]
        slli    t0, s6, 2
        add     a2, s4, t0              # &B[0][j0]
        mzero   acc0
        li      s11, 0                  # k0
.Lk:
        bgeu    s11, s2, .Lstore
        sub     t0, s2, s11
        li      t1, 4
        bltu    t0, t1, 2f
        mv      t0, t1                  # kt = min(4, K - k0); msettilek would clamp to 16 (8-bit rows)
2:
        msettilek t0
        mlae32  tr0, (a1), s9           # A[i0..][k0..k0+kt)
        vsetvli zero, t0, e32, m1, ta, ma
        mv      t2, a2                  # &B[k0][j0 + j]
        mv      t3, sp                  # scratch row j
        li      t4, 0
.Lgather:
        vlse32.v v1, (t2), s10          # B[k0..k0+kt)[j0 + j]: column j of the tile
        vse32.v v1, (t3)
        addi    t2, t2, 4
        addi    t3, t3, 16
        addi    t4, t4, 1
        bltu    t4, s8, .Lgather
        li      t1, 16
        mlbe32  tr1, (sp), t1           # the B tile, transposed: row j = column j0 + j of B
        mfmacc.s acc0, tr1, tr0         # acc0[i][j] += sum_k A[i][k] * B[k][j], one rounding
        addi    a1, a1, 16              # next 4 columns of A
        slli    t1, s10, 2
        add     a2, a2, t1              # next 4 rows of B
        addi    s11, s11, 4
        j       .Lk
.Lstore:
        mul     t0, s7, s10
        add     t0, s5, t0
        slli    t1, s6, 2
        add     t0, t0, t1              # &C[i0][j0]
        msce32  acc0, (t0), s10
        addi    sp, sp, 64
.Ldone:
        ret
