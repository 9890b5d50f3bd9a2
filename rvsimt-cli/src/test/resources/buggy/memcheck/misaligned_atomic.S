# memcheck: an atomic add two bytes into 'counter': not 4-byte aligned.
    .globl count
count:
    lw      t0, 0(a0)           # counter
    addi    t0, t0, 2           # BUG: a byte offset where a word index was meant
    li      t1, 1
    amoadd.w zero, t1, (t0)
    ret
