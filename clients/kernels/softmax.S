# softmax.S: y = softmax(x) over n f32 values (native ABI; flat binary, entry at offset 0).
#
#   y[i] = e^(x[i] - max) / sum_j e^(x[j] - max)
#
# Arguments (a0 points at u32 words): n, x, y.
# Launch ONE block of T threads (any T up to 1024) with 4*T bytes of shared memory. Thread t
# handles i = t, t+T, ... Each pass writes one partial per thread to shared memory; after a
# barrier (a store to 0x8000_2000) every thread folds the T partials in the same order, so all
# threads agree on max and sum. Every thread reaches every barrier.
        .text
        .globl  softmax
softmax:
        lw      a1, 0(a0)               # n
        lw      a2, 4(a0)               # x
        lw      a3, 8(a0)               # y
        csrr    s0, 0xCD3               # t
        csrr    s1, 0xCD9               # T
        csrr    s2, 0xCDF               # shared memory base
        slli    t0, s0, 2
        add     s3, s2, t0              # &sh[t]
        li      s4, 0x80002000          # barrier register
        slli    s5, s1, 2               # 4*T: byte stride of the thread loop, and size of sh
        slli    s6, a1, 2               # 4*n
        # ---- pass 1: max
        li      t0, 0xFF800000
        fmv.w.x fa0, t0                 # -inf
        slli    t1, s0, 2               # byte offset of i = t
.Lmax:
        bgeu    t1, s6, .Lmaxdone
        add     t3, a2, t1
        flw     ft0, 0(t3)
        fmax.s  fa0, fa0, ft0
        add     t1, t1, s5
        j       .Lmax
.Lmaxdone:
        fsw     fa0, 0(s3)
        sw      zero, 0(s4)             # barrier
        flw     fa0, 0(s2)
        li      t1, 4
.Lfoldmax:
        bgeu    t1, s5, .Lfoldmaxdone
        add     t4, s2, t1
        flw     ft0, 0(t4)
        fmax.s  fa0, fa0, ft0
        addi    t1, t1, 4
        j       .Lfoldmax
.Lfoldmaxdone:
        sw      zero, 0(s4)             # barrier: everyone has read sh before it is reused
        # ---- pass 2: y[i] = e^(x[i] - max), partial sums
        fmv.w.x fa1, zero
        slli    t1, s0, 2
.Lexp:
        bgeu    t1, s6, .Lexpdone
        add     t3, a2, t1
        flw     ft0, 0(t3)
        fsub.s  ft0, ft0, fa0
        fexp.s  ft0, ft0
        add     t3, a3, t1
        fsw     ft0, 0(t3)
        fadd.s  fa1, fa1, ft0
        add     t1, t1, s5
        j       .Lexp
.Lexpdone:
        fsw     fa1, 0(s3)
        sw      zero, 0(s4)             # barrier
        fmv.w.x fa1, zero
        mv      t1, zero
.Lfoldsum:
        bgeu    t1, s5, .Lfoldsumdone
        add     t4, s2, t1
        flw     ft0, 0(t4)
        fadd.s  fa1, fa1, ft0
        addi    t1, t1, 4
        j       .Lfoldsum
.Lfoldsumdone:
        # ---- pass 3: y[i] /= sum (each thread rescales the values it wrote itself)
        slli    t1, s0, 2
.Lnorm:
        bgeu    t1, s6, .Ldone
        add     t3, a3, t1
        flw     ft0, 0(t3)
        fdiv.s  ft0, ft0, fa1
        fsw     ft0, 0(t3)
        add     t1, t1, s5
        j       .Lnorm
.Ldone:
        ret
