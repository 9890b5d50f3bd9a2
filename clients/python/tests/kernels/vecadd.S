# vecadd.S: c[i] = a[i] + b[i] for i < n, f32 (native ABI; flat binary, entry at offset 0).
#
# Arguments (a0 points at u32 words): n, a, b, c.
# Any 1-D grid and block: a grid-stride loop covers every i. Position-independent, so a client may
# load it at any 4-byte aligned VRAM address.
        .text
        .globl  vecadd
vecadd:
        lw      a1, 0(a0)               # n
        lw      a2, 4(a0)               # a
        lw      a3, 8(a0)               # b
        lw      a4, 12(a0)              # c
        csrr    t0, 0xCD3               # threadIdx.x
        csrr    t1, 0xCD6               # blockIdx.x
        csrr    t2, 0xCD9               # blockDim.x
        csrr    t3, 0xCDC               # gridDim.x
        mul     t1, t1, t2
        add     t0, t0, t1              # i
        mul     t3, t3, t2              # stride = all threads of the grid
.Lloop:
        bgeu    t0, a1, .Ldone
        slli    t4, t0, 2
        add     t5, a2, t4
        flw     ft0, 0(t5)
        add     t5, a3, t4
        flw     ft1, 0(t5)
        fadd.s  ft0, ft0, ft1
        add     t5, a4, t4
        fsw     ft0, 0(t5)
        add     t0, t0, t3
        j       .Lloop
.Ldone:
        ret
