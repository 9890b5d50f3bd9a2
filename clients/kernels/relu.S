# relu.S: y[i] = max(x[i], 0) for i < n, f32 (native ABI; flat binary, entry at offset 0).
#
# Arguments (a0 points at u32 words): n, x, y (y may be x: in place).
# Any 1-D grid and block (grid-stride loop). fmax.s is IEEE maximumNumber: a NaN input gives 0.
        .text
        .globl  relu
relu:
        lw      a1, 0(a0)               # n
        lw      a2, 4(a0)               # x
        lw      a3, 8(a0)               # y
        csrr    t0, 0xCD3
        csrr    t1, 0xCD6
        csrr    t2, 0xCD9
        csrr    t3, 0xCDC
        mul     t1, t1, t2
        add     t0, t0, t1              # i
        mul     t3, t3, t2              # stride
        fmv.w.x ft1, zero               # +0.0
.Lloop:
        bgeu    t0, a1, .Ldone
        slli    t4, t0, 2
        add     t5, a2, t4
        flw     ft0, 0(t5)
        fmax.s  ft0, ft0, ft1
        add     t5, a3, t4
        fsw     ft0, 0(t5)
        add     t0, t0, t3
        j       .Lloop
.Ldone:
        ret
