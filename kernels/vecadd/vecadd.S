# vecadd.S: c[i] = a[i] + b[i]  (native ABI)
#
# Arguments (a0 points at 32-bit words, in this order): n, a, b, c.
# One thread per element with a bounds check, in a grid-stride loop, so any grid and block
# cover any n.
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
        add     t0, t0, t1              # i = blockIdx.x * blockDim.x + threadIdx.x
        mul     t3, t3, t2              # stride = gridDim.x * blockDim.x (grid-stride loop)
.Lloop:
        bgeu    t0, a1, .Ldone          # i < n ?
        slli    t4, t0, 2               # byte offset
        add     t5, a2, t4
        flw     ft0, 0(t5)              # a[i]
        add     t5, a3, t4
        flw     ft1, 0(t5)              # b[i]
        fadd.s  ft0, ft0, ft1
        add     t5, a4, t4
        fsw     ft0, 0(t5)              # c[i]
        add     t0, t0, t3
        j       .Lloop
.Ldone:
        ret
