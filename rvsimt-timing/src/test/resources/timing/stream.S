# Streaming reads with one load in flight per warp: global warp g (of G in the grid) reads line
# i * G + g of `buf` in iteration i, and uses the value before the next load.
# Bytes in flight = warps x 128, so bandwidth = min(DRAM bandwidth, warps x 128 / latency).
# Arguments: iterations, buf.
        .globl  stream
stream:
        lw      t0, 0(a0)
        lw      a1, 4(a0)
        csrr    t1, 0xCC1               # warp in block
        csrr    t2, 0xCC0               # lane
        csrr    t3, 0xFC1               # warps in block
        csrr    t5, 0xCD6               # blockIdx.x
        csrr    t6, 0xCDC               # gridDim.x
        mul     t5, t5, t3
        add     t1, t1, t5              # global warp
        mul     t3, t3, t6              # warps in the grid
        slli    t1, t1, 7
        slli    t2, t2, 2
        add     a1, a1, t1
        add     a1, a1, t2
        slli    t3, t3, 7               # bytes per iteration of the whole grid
        li      s0, 0
loop:   lw      t4, 0(a1)
        add     a1, a1, t3
        addi    t0, t0, -1
        add     s0, s0, t4              # waits for the load
        bnez    t0, loop
        ret
