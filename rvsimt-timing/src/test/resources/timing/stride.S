# One warp load where lane l reads word l * stride of buf (coalescing against stride).
# Arguments: stride (words), buf.
        .globl  stride
stride:
        lw      t0, 0(a0)
        lw      a1, 4(a0)
        csrr    t1, 0xCC0
        mul     t1, t1, t0
        slli    t1, t1, 2
        add     a1, a1, t1
        .globl  probe
probe:  lw      t2, 0(a1)
        add     t3, t2, t2
        ret
