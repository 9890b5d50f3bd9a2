# seed_conv2d.S: valid 2-D convolution, one channel, in the seed's launch convention.
#
# Seed ABI (abi: seed): flat code at 0, IDs from the CTRL window, ebreak at the end.
#   in [H][W] @ 0x100000, w [K][K] @ 0x200000, out [H-K+1][W-K+1] @ 0x300000
#   H = gridDim.x, W = gridDim.y, K = blockDim.x; oy = blockIdx.x, ox = threadIdx.x
# Fixed: the seed computed only ox < K (one column per thread), so W - K + 1 > K left columns
# unwritten; here each thread loops ox = threadIdx.x, + K, ... < OW. Rows oy >= OH and the W
# redundant blocks along y (blockIdx.y != 0) do nothing.
        .text
        .globl  _start
_start:
        lui     t6, 0x80000
        lw      s0, 0x00(t6)            # threadIdx.x
        lw      t1, 0x10(t6)            # oy = blockIdx.x
        lw      t2, 0x14(t6)            # blockIdx.y
        lw      a1, 0x30(t6)            # H
        lw      a2, 0x34(t6)            # W
        lw      a3, 0x20(t6)            # K
        bnez    t2, .Ldone
        blt     a1, a3, .Ldone
        blt     a2, a3, .Ldone
        sub     s1, a1, a3
        addi    s1, s1, 1               # OH
        sub     s2, a2, a3
        addi    s2, s2, 1               # OW
        bgeu    t1, s1, .Ldone
        lui     a4, 0x100               # in
        lui     a5, 0x200               # w
        lui     a6, 0x300               # out
        slli    t6, a2, 2               # input row stride
        mv      t0, s0                  # ox
.Lox:
        bgeu    t0, s2, .Ldone
        mul     t2, t1, a2
        add     t2, t2, t0
        slli    t2, t2, 2
        add     t2, a4, t2              # &in[oy][ox]
        mv      t3, a5
        fcvt.s.w fa0, zero
        mv      s3, a3                  # ky left
.Lky:
        mv      t4, t2
        mv      s4, a3                  # kx left
.Lkx:
        flw     ft0, 0(t4)
        flw     ft1, 0(t3)
        fmadd.s fa0, ft0, ft1, fa0
        addi    t4, t4, 4
        addi    t3, t3, 4
        addi    s4, s4, -1
        bnez    s4, .Lkx
        add     t2, t2, t6
        addi    s3, s3, -1
        bnez    s3, .Lky
        mul     t2, t1, s2
        add     t2, t2, t0
        slli    t2, t2, 2
        add     t2, a6, t2
        fsw     fa0, 0(t2)              # out[oy][ox]
        add     t0, t0, a3              # next column of this thread (stride K = blockDim.x)
        j       .Lox
.Ldone:
        ebreak
