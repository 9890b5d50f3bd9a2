# seed_maxpool.S: 2x2 max pooling, stride 2, in the seed's launch convention.
#
# Seed ABI (abi: seed): flat code at 0, IDs from the CTRL window, ebreak at the end.
#   in [H][W] @ 0x100000, out [H/2][W/2] @ 0x200000
#   H = gridDim.x, W = gridDim.y; oy = blockIdx.x, ox = threadIdx.x (+ blockDim.x, ...)
# Fixed: the seed had no range check on oy/ox and relied on later blocks overwriting its stray
# stores; here rows oy >= H/2 and columns ox >= W/2 do nothing, a thread loops over columns
# when W/2 > blockDim.x, and the W redundant blocks along y (blockIdx.y != 0) end at once.
        .text
        .globl  _start
_start:
        lui     t6, 0x80000
        lw      t0, 0x00(t6)            # ox = threadIdx.x
        lw      t1, 0x10(t6)            # oy = blockIdx.x
        lw      t2, 0x14(t6)            # blockIdx.y
        lw      a1, 0x30(t6)            # H
        lw      a2, 0x34(t6)            # W
        lw      a5, 0x20(t6)            # blockDim.x
        bnez    t2, .Ldone
        srli    s0, a1, 1               # OH
        srli    s1, a2, 1               # OW
        bgeu    t1, s0, .Ldone
        lui     a3, 0x100               # in
        lui     a4, 0x200               # out
        slli    s2, a2, 2               # input row stride
.Lox:
        bgeu    t0, s1, .Ldone
        slli    t2, t1, 1
        mul     t2, t2, a2
        slli    t3, t0, 1
        add     t2, t2, t3
        slli    t2, t2, 2
        add     t2, a3, t2              # &in[2oy][2ox]
        add     t3, t2, s2
        flw     ft0, 0(t2)
        flw     ft1, 4(t2)
        flw     ft2, 0(t3)
        flw     ft3, 4(t3)
        fmax.s  ft0, ft0, ft1
        fmax.s  ft2, ft2, ft3
        fmax.s  ft0, ft0, ft2
        mul     t2, t1, s1
        add     t2, t2, t0
        slli    t2, t2, 2
        add     t2, a4, t2
        fsw     ft0, 0(t2)
        add     t0, t0, a5
        j       .Lox
.Ldone:
        ebreak
