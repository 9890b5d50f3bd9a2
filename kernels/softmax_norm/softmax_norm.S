# softmax_norm.S: out[i] = e[i] * (1 / sum)  (second pass of a two-kernel softmax)  (native ABI)
#
# Arguments (a0 points at 32-bit words, in this order): n, sum (f32), e, out.
# One thread per element with a bounds check, in a grid-stride loop, so any grid and block
# cover any n.
        .text
        .globl  softmax_norm
softmax_norm:
        lw      a1, 0(a0)               # n
        flw     fa0, 4(a0)              # sum (of e, computed by the host)
        lw      a2, 8(a0)               # e
        lw      a3, 12(a0)              # out
        frcp.s  fa0, fa0                # 1 / sum (SFU; the seed's raw word computed frcp f0, f0)
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
        flw     ft0, 0(t5)              # e[i]
        fmul.s  ft0, ft0, fa0
        add     t5, a3, t4
        fsw     ft0, 0(t5)              # out[i]
        add     t0, t0, t3
        j       .Lloop
.Ldone:
        ret
