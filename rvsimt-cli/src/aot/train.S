# y[i] = a * x[i] + y[i]
    .globl saxpy
saxpy:
    lw   t0, 0(a0)          # n
    flw  fa0, 4(a0)         # a
    lw   t1, 8(a0)          # x
    lw   t2, 12(a0)         # y
    csrr t3, vx_tid_x
    csrr t4, vx_bid_x
    csrr t5, vx_bdim_x
    mul  t4, t4, t5
    add  t3, t3, t4         # i = blockIdx.x * blockDim.x + threadIdx.x
    bgeu t3, t0, 1f
    slli t3, t3, 2
    add  t1, t1, t3
    add  t2, t2, t3
    flw  ft0, 0(t1)
    flw  ft1, 0(t2)
    fmadd.s ft1, fa0, ft0, ft1
    fsw  ft1, 0(t2)
1:  ret
