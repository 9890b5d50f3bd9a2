# cossin.S: cos_out[i] = cos(x[i]), sin_out[i] = sin(x[i])  (native ABI)
#
# Arguments (a0 points at 32-bit words, in this order): n, x, cos_out, sin_out.
# One thread per element with a bounds check, in a grid-stride loop, so any grid and block
# cover any n.
        .text
        .globl  cossin
cossin:
        lw      a1, 0(a0)               # n
        lw      a2, 4(a0)               # x
        lw      a3, 8(a0)               # cos_out
        lw      a4, 12(a0)              # sin_out
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
        flw     ft0, 0(t5)              # x[i]
        fcos.s  ft1, ft0                # SFU
        fsin.s  ft2, ft0                # SFU
        add     t5, a3, t4
        fsw     ft1, 0(t5)              # cos_out[i]
        add     t5, a4, t4
        fsw     ft2, 0(t5)              # sin_out[i]
        add     t0, t0, t3
        j       .Lloop
.Ldone:
        ret
