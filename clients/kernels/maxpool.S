# maxpool.S: 2x2 max pooling with stride 2 over [C][H][W] f32 (native ABI; flat binary, entry 0).
#
#   out[c][oy][ox] = max of in[c][2oy..2oy+1][2ox..2ox+1]; OH = H/2, OW = W/2 (odd edges dropped)
#
# Arguments (a0 points at u32 words): C, H, W, in, out. Any 1-D grid and block: output element
# i = c*OH*OW + oy*OW + ox, grid-stride loop.
        .text
        .globl  maxpool
maxpool:
        lw      s0, 0(a0)               # C
        lw      s1, 4(a0)               # H
        lw      s2, 8(a0)               # W
        lw      s3, 12(a0)              # in
        lw      s4, 16(a0)              # out
        srli    s5, s1, 1               # OH
        srli    s6, s2, 1               # OW
        mul     s7, s5, s6
        mul     a1, s7, s0              # outputs
        slli    s8, s2, 2               # bytes per input row
        csrr    t0, 0xCD3
        csrr    t1, 0xCD6
        csrr    t2, 0xCD9
        csrr    t3, 0xCDC
        mul     t1, t1, t2
        add     t0, t0, t1              # i
        mul     t3, t3, t2              # stride
.Lout:
        bgeu    t0, a1, .Ldone
        remu    t1, t0, s6              # ox
        divu    t2, t0, s6
        remu    t4, t2, s5              # oy
        divu    t2, t2, s5              # c
        mul     t5, t2, s1              # c*H
        slli    t4, t4, 1
        add     t5, t5, t4              # c*H + 2*oy
        mul     t5, t5, s2
        slli    t1, t1, 1
        add     t5, t5, t1              # (c*H + 2*oy)*W + 2*ox
        slli    t5, t5, 2
        add     t5, s3, t5
        flw     ft0, 0(t5)
        flw     ft1, 4(t5)
        fmax.s  ft0, ft0, ft1
        add     t5, t5, s8
        flw     ft1, 0(t5)
        fmax.s  ft0, ft0, ft1
        flw     ft1, 4(t5)
        fmax.s  ft0, ft0, ft1
        slli    t6, t0, 2
        add     t6, s4, t6
        fsw     ft0, 0(t6)
        add     t0, t0, t3
        j       .Lout
.Ldone:
        ret
