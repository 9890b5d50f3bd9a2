# y[i] = a * x[i] + y[i], a grid-stride loop: named labels, a jump, CSRs by name and by number
# (what the bundled kernels use, so the assembler's paths for them are in the AOT cache)
        .text
        .globl saxpy
saxpy:
        lw      t0, 0(a0)           # n
        flw     fa0, 4(a0)          # a
        lw      t1, 8(a0)           # x
        lw      t2, 12(a0)          # y
        csrr    t3, vx_tid_x
        csrr    t4, 0xCD6           # blockIdx.x
        csrr    t5, vx_bdim_x
        csrr    t6, 0xCDC           # gridDim.x
        mul     t4, t4, t5
        add     t3, t3, t4          # i = blockIdx.x * blockDim.x + threadIdx.x
        mul     t6, t6, t5          # stride
.Lloop:
        bgeu    t3, t0, .Ldone
        slli    a1, t3, 2
        add     a2, t1, a1
        add     a3, t2, a1
        flw     ft0, 0(a2)
        flw     ft1, 0(a3)
        fmadd.s ft1, fa0, ft0, ft1
        fsw     ft1, 0(a3)
        add     t3, t3, t6
        j       .Lloop
.Ldone:
        ret
