# One warp amoadd.w: every lane on word 0 of buf (distinct = 0) or lane l on word l (distinct = 1).
# Arguments: distinct, buf.
        .globl  atomic
atomic:
        lw      t0, 0(a0)
        lw      a1, 4(a0)
        csrr    t1, 0xCC0
        mul     t1, t1, t0
        slli    t1, t1, 2
        add     a1, a1, t1
        li      t2, 1
        .globl  probe
probe:  amoadd.w t3, t2, (a1)
        add     t4, t3, t3
        ret
