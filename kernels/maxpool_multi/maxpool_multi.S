# maxpool_multi.S: 2x2 max pooling with stride 2 over a [C][H][W] tensor (native ABI).
#
# Arguments (a0 -> 32-bit words): C, H, W, in [C][H][W], out [C][H/2][W/2].
# 3-D launch: x -> ox, y -> oy, c = blockIdx.z + k * gridDim.z (grid-stride over channels).
# Bounds-checked on every axis.
        .text
        .globl  maxpool_multi
maxpool_multi:
        lw      a1, 0(a0)               # C
        lw      a2, 4(a0)               # H
        lw      a3, 8(a0)               # W
        lw      a4, 12(a0)              # in
        lw      a5, 16(a0)              # out
        srli    s0, a2, 1               # OH
        srli    s1, a3, 1               # OW
        csrr    t0, 0xCD3
        csrr    t1, 0xCD6
        csrr    t2, 0xCD9
        mul     t1, t1, t2
        add     t0, t0, t1              # ox
        csrr    t1, 0xCD4
        csrr    t2, 0xCD7
        csrr    t3, 0xCDA
        mul     t2, t2, t3
        add     t1, t1, t2              # oy
        bgeu    t0, s1, .Ldone
        bgeu    t1, s0, .Ldone
        csrr    a6, 0xCD8               # c = blockIdx.z
        csrr    a7, 0xCDE               # gridDim.z
        slli    s2, a3, 2               # input row stride (bytes)
.Lc:
        bgeu    a6, a1, .Ldone
        mul     t2, a6, a2              # c * H
        slli    t3, t1, 1
        add     t2, t2, t3              # c * H + 2 oy
        mul     t2, t2, a3
        slli    t3, t0, 1
        add     t2, t2, t3
        slli    t2, t2, 2
        add     t2, a4, t2              # &in[c][2oy][2ox]
        add     t3, t2, s2              # &in[c][2oy+1][2ox]
        flw     ft0, 0(t2)
        flw     ft1, 4(t2)
        flw     ft2, 0(t3)
        flw     ft3, 4(t3)
        fmax.s  ft0, ft0, ft1
        fmax.s  ft2, ft2, ft3
        fmax.s  ft0, ft0, ft2
        mul     t2, a6, s0
        add     t2, t2, t1
        mul     t2, t2, s1
        add     t2, t2, t0
        slli    t2, t2, 2
        add     t2, a5, t2
        fsw     ft0, 0(t2)              # out[c][oy][ox]
        add     a6, a6, a7
        j       .Lc
.Ldone:
        ret
