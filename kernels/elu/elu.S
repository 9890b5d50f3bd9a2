# elu.S: out[i] = x[i] > 0 ? x[i] : alpha * (e^x[i] - 1), branch-free  (native ABI)
#
# Arguments (a0 points at 32-bit words, in this order): n, alpha (f32), x, out.
# One thread per element with a bounds check, in a grid-stride loop, so any grid and block
# cover any n.
        .text
        .globl  elu
elu:
        lw      a1, 0(a0)               # n
        flw     fa0, 4(a0)              # alpha
        lw      a2, 8(a0)               # x
        lw      a3, 12(a0)              # out
        fmv.w.x fs0, zero               # fs0 = 0.0
        li      t6, 0x3F800000          # 1.0f
        fmv.w.x fs1, t6
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
        fexp.s  ft1, ft0                # e^x (SFU)
        fsub.s  ft1, ft1, fs1           # e^x - 1
        fmin.s  ft1, ft1, fs0           # min(e^x - 1, 0)
        fmul.s  ft1, ft1, fa0           # * alpha
        fmax.s  ft0, ft0, fs0           # max(x, 0)
        fadd.s  ft0, ft0, ft1
        add     t5, a3, t4
        fsw     ft0, 0(t5)              # out[i]
        add     t0, t0, t3
        j       .Lloop
.Ldone:
        ret
