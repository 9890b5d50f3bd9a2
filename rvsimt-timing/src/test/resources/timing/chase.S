# Pointer chase: one thread links `elements` 128-byte-apart words of `buf` into a ring, then
# follows it `iterations` times. Each load's address is the previous load's value, so a step
# costs exactly the latency of wherever the word is (L1, L2 or DRAM).
# Arguments: elements, iterations, buf.
        .globl  chase
chase:
        lw      t0, 0(a0)
        lw      t1, 4(a0)
        lw      a1, 8(a0)
        li      t2, 128
        mv      t3, a1
        addi    t4, t0, -1
build:  beqz    t4, close
        add     t5, t3, t2
        sw      t5, 0(t3)
        mv      t3, t5
        addi    t4, t4, -1
        j       build
close:  sw      a1, 0(t3)
        mv      a2, a1
step:   lw      a2, 0(a2)
        addi    t1, t1, -1
        bnez    t1, step
        ret
