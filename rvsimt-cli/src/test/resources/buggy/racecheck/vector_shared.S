# racecheck: each thread stores 4 ints to shared memory at 16 x tid with one vector store, then
# loads the 4 ints of the thread 32 places on (in the other warp) with no barrier between.
        .globl  swap
swap:
        csrr    t0, vx_tid_x
        li      t1, 4
        vsetvli t2, t1, e32, m1, ta, ma
        vmv.v.x v1, t0
        lui     t3, 0xC0000             # shared memory
        slli    t4, t0, 4
        add     t5, t3, t4
        vse32.v v1, (t5)
        addi    t6, t0, 32
        andi    t6, t6, 63
        slli    t6, t6, 4
        add     t6, t3, t6
        vle32.v v2, (t6)                # BUG: a barrier belongs before this load
        ret
