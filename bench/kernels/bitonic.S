# bitonic.S: bitonic sort of 32-bit signed keys in place, ascending (rvsimt bench, native ABI).
# n is a power of two >= 1024. The host runs, for k = 2, 4, ..., n and j = k/2, ..., 1, the
# compare-exchange step (k, j): element i (bit j of i clear) is ordered with element i + j,
# ascending when (i & k) == 0. Steps with j < 1024 run inside one block in shared memory.
#
#   bitonic_shared(keys, 2, min(n, 1024))       sorts every 1024-key run, alternating direction
#   for k = 2048 .. n:
#       for j = k/2 .. 1024: bitonic_global(keys, j, k)
#       bitonic_shared(keys, k, k)              the steps j = 512 .. 1 of stage k
#
# Compare-exchange is branch-free (slt, xor masks), so warps never diverge.
        .text

# bitonic_global: one step (k, j) over the whole array, one thread per pair.
# Arguments: keys, j, k. Launch: n/2 threads, block (256), grid (n/512).
        .globl  bitonic_global
bitonic_global:
        lw      a1, 0(a0)               # keys
        lw      a2, 4(a0)               # j
        lw      a3, 8(a0)               # k
        csrr    t0, vx_tid_x
        csrr    t1, vx_bid_x
        csrr    t2, vx_bdim_x
        mul     t1, t1, t2
        add     t0, t0, t1              # pair index
        addi    t1, a2, -1
        and     t2, t0, t1              # low bits below j
        sub     t3, t0, t2
        slli    t3, t3, 1
        add     t3, t3, t2              # i: the pair index with a 0 inserted at bit j
        and     t4, t3, a3
        seqz    t4, t4                  # ascending?
        slli    t5, t3, 2
        add     t5, a1, t5              # &keys[i]
        slli    t6, a2, 2
        add     t6, t5, t6              # &keys[i + j]
        lw      s0, 0(t5)
        lw      s1, 0(t6)
        slt     t0, s1, s0              # keys[i] > keys[i + j]
        xor     t0, t0, t4              # 0 when the pair is out of order
        addi    t0, t0, -1              # all ones to swap, else 0
        xor     t1, s0, s1
        and     t1, t1, t0
        xor     s0, s0, t1
        xor     s1, s1, t1
        sw      s0, 0(t5)
        sw      s1, 0(t6)
        ret

# bitonic_shared: stages k0 .. k1 (powers of two, k1 <= 1024 or k0 == k1) on runs of 1024 keys
# held in shared memory; for each stage the steps j = min(k/2, 512) .. 1, a barrier after each.
# Arguments: keys, k0, k1. Launch: block (512), grid (n/1024), shared 4096 bytes.
        .globl  bitonic_shared
bitonic_shared:
        lw      a1, 0(a0)               # keys
        lw      a2, 4(a0)               # k0
        lw      a3, 8(a0)               # k1
        csrr    t0, vx_tid_x            # 0 .. 511
        csrr    a4, vx_bid_x
        slli    a4, a4, 10              # global index of the run's first key
        slli    t1, a4, 2
        add     a1, a1, t1              # &keys[run]
        slli    t1, t0, 2
        add     a5, a1, t1              # &keys[run + t]
        lui     a6, 0xC0000             # shared base
        add     a7, a6, t1              # &sh[t]
        li      t2, 2048
        add     t3, a5, t2
        add     t4, a7, t2
        lw      t5, 0(a5)
        lw      t6, 0(t3)
        sw      t5, 0(a7)
        sw      t6, 0(t4)
        lui     s7, 0x80002             # barrier register
        sw      zero, 0(s7)
        mv      s2, a2                  # k
.Lk:
        srli    s3, s2, 1               # j = k/2 ...
        li      t1, 512
        bleu    s3, t1, .Lj
        mv      s3, t1                  # ... at most 512
.Lj:
        addi    t1, s3, -1
        and     t2, t0, t1
        sub     t3, t0, t2
        slli    t3, t3, 1
        add     t3, t3, t2              # i within the run
        add     t4, t3, a4
        and     t4, t4, s2
        seqz    t4, t4                  # ascending? (from the global index)
        slli    t5, t3, 2
        add     t5, a6, t5              # &sh[i]
        slli    t6, s3, 2
        add     t6, t5, t6              # &sh[i + j]
        lw      s0, 0(t5)
        lw      s1, 0(t6)
        slt     t1, s1, s0
        xor     t1, t1, t4
        addi    t1, t1, -1
        xor     t2, s0, s1
        and     t2, t2, t1
        xor     s0, s0, t2
        xor     s1, s1, t2
        sw      s0, 0(t5)
        sw      s1, 0(t6)
        sw      zero, 0(s7)             # barrier after every step
        srli    s3, s3, 1
        bnez    s3, .Lj
        slli    s2, s2, 1
        bleu    s2, a3, .Lk
        li      t2, 2048
        add     t3, a5, t2
        add     t4, a7, t2
        lw      t5, 0(a7)
        lw      t6, 0(t4)
        sw      t5, 0(a5)
        sw      t6, 0(t3)
        ret
