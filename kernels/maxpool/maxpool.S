# maxpool.S: 2x2 max pooling with stride 2, one channel (native ABI).
#
#   out[oy][ox] = max(in[2oy][2ox], in[2oy][2ox+1], in[2oy+1][2ox], in[2oy+1][2ox+1])
#
# Arguments (a0 -> 32-bit words): H, W, in [H][W], out [H/2][W/2] (odd H or W: the last row or
# column is dropped, as in floor-mode pooling).
# One thread per output on a 2-D launch (x -> ox, y -> oy), bounds-checked on both axes (the
# seed's kernel relied on later blocks overwriting its out-of-range stores).
        .text
        .globl  maxpool
maxpool:
        lw      a1, 0(a0)               # H
        lw      a2, 4(a0)               # W
        lw      a3, 8(a0)               # in
        lw      a4, 12(a0)              # out
        srli    s0, a1, 1               # OH
        srli    s1, a2, 1               # OW
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
        slli    t2, t1, 1               # 2 oy
        mul     t2, t2, a2
        slli    t3, t0, 1               # 2 ox
        add     t2, t2, t3
        slli    t2, t2, 2
        add     t2, a3, t2              # &in[2oy][2ox]
        slli    t3, a2, 2
        add     t3, t2, t3              # &in[2oy+1][2ox]
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
        fsw     ft0, 0(t2)              # out[oy][ox]
.Ldone:
        ret
