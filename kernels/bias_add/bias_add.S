# bias_add.S: out[i] = in[i] + bias[i / hw]  (per-channel bias of a [C][H*W] tensor)  (native ABI)
#
# Arguments (a0 points at 32-bit words, in this order): n, hw, in, bias, out.
# One thread per element with a bounds check, in a grid-stride loop, so any grid and block
# cover any n.
        .text
        .globl  bias_add
bias_add:
        lw      a1, 0(a0)               # n (= channels * hw)
        lw      a5, 4(a0)               # hw (elements per channel)
        lw      a2, 8(a0)               # in
        lw      a3, 12(a0)              # bias
        lw      a4, 16(a0)              # out
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
        flw     ft0, 0(t5)              # in[i]
        divu    t6, t0, a5              # channel = i / hw
        slli    t6, t6, 2
        add     t6, a3, t6
        flw     ft1, 0(t6)              # bias[channel]
        fadd.s  ft0, ft0, ft1
        add     t5, a4, t4
        fsw     ft0, 0(t5)              # out[i]
        add     t0, t0, t3
        j       .Lloop
.Ldone:
        ret
