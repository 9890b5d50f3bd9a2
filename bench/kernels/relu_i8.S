# relu_i8.S: out[i] = max(x[i], 0) on n int8 values, and each block's largest output (maxes[block], a
# word, by amomaxu.w): an int8 activation and the range a quantiser calibrates its scale from.
#
# Arguments (a0 points at 32-bit words): n, x, out, maxes, chunk.
# Launch: block (128), grid (n / chunk). Block b owns elements [b*chunk, (b+1)*chunk); thread t takes
# elements t, t + 128, ... of it, one byte per iteration (neighbouring threads on neighbouring bytes).
        .text
        .globl  relu_i8
relu_i8:
        lw      a1, 4(a0)               # x
        lw      a2, 8(a0)               # out
        lw      a3, 12(a0)              # maxes
        lw      a4, 16(a0)              # chunk
        csrr    t1, vx_tid_x
        csrr    t2, vx_bid_x
        csrr    s0, vx_bdim_x
        mul     t3, t2, a4              # first element of the block
        add     t4, t3, a4              # end of the block
        slli    t2, t2, 2
        add     a3, a3, t2              # this block's max word
        add     t3, t3, t1              # this thread's first element
        li      t0, 0                   # this thread's largest output
.Lloop:
        bgeu    t3, t4, .Ldone
        add     s3, a1, t3
        lb      t5, 0(s3)
        bge     t5, zero, .Lkeep
        li      t5, 0
.Lkeep:
        add     s4, a2, t3
        sb      t5, 0(s4)
        bgeu    t0, t5, .Lnext
        mv      t0, t5
.Lnext:
        add     t3, t3, s0
        j       .Lloop
.Ldone:
        amomaxu.w zero, t0, (a3)
        ret
