# seed_matmul.S: C = A * B in the seed's launch convention.
#
# Seed ABI (abi: seed): flat code at 0, IDs from the CTRL window, ebreak at the end.
#   A [M][K] @ 0x100000, B [K][N] @ 0x200000, C [M][N] @ 0x300000
#   M = gridDim.x, K = gridDim.y, N = blockDim.x; row = blockIdx.x, col = threadIdx.x
# Fixed: the seed's K blocks along y all repeated the same work; here only blockIdx.y == 0
# computes (the others end at once). fmadd in k order.
        .text
        .globl  _start
_start:
        lui     t6, 0x80000
        lw      t0, 0x00(t6)            # col = threadIdx.x
        lw      t1, 0x10(t6)            # row = blockIdx.x
        lw      t2, 0x14(t6)            # blockIdx.y
        lw      a1, 0x30(t6)            # M = gridDim.x
        lw      a3, 0x34(t6)            # K = gridDim.y
        lw      a2, 0x20(t6)            # N = blockDim.x
        bnez    t2, .Ldone              # redundant blocks
        bgeu    t1, a1, .Ldone
        bgeu    t0, a2, .Ldone
        lui     a4, 0x100               # A
        lui     a5, 0x200               # B
        lui     a6, 0x300               # C
        mul     t2, t1, a3
        slli    t2, t2, 2
        add     t2, a4, t2              # &A[row][0]
        slli    t3, t0, 2
        add     t3, a5, t3              # &B[0][col]
        slli    t4, a2, 2               # B row stride
        fcvt.s.w fa0, zero
        mv      t5, a3
.Lk:
        flw     ft0, 0(t2)
        flw     ft1, 0(t3)
        fmadd.s fa0, ft0, ft1, fa0
        addi    t2, t2, 4
        add     t3, t3, t4
        addi    t5, t5, -1
        bnez    t5, .Lk
        mul     t2, t1, a2
        add     t2, t2, t0
        slli    t2, t2, 2
        add     t2, a6, t2
        fsw     fa0, 0(t2)
.Ldone:
        ebreak
