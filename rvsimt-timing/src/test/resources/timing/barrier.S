# Barrier skew: warp 0 runs `work` dependent adds before the block barrier, the other warps none,
# so they wait at the barrier for about work x ALU latency. Arguments: work.
        .globl  skew
skew:
        lw      t0, 0(a0)
        csrr    t1, 0xCC1
        li      t3, 0
        bnez    t1, arrive
work:   addi    t3, t3, 1
        addi    t0, t0, -1
        bnez    t0, work
arrive: li      t2, 0x80002000
        sw      zero, 0(t2)
        ret
