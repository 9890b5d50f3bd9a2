# One warp shared-memory load where lane l reads word l * stride (bank conflicts against stride).
# Arguments: stride (words).
        .globl  banks
banks:
        lw      t0, 0(a0)
        csrr    t1, 0xCC0
        mul     t1, t1, t0
        slli    t1, t1, 2
        li      a1, 0xC0000000
        add     a1, a1, t1
        .globl  probe
probe:  lw      t2, 0(a1)
        add     t3, t2, t2
        ret
