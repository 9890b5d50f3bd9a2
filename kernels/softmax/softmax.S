# softmax.S: row-wise softmax, fused into one kernel with block reductions in shared memory
# (native ABI).
#
#   out[r][j] = e^(x[r][j] - max_r) / sum_k e^(x[r][k] - max_r)
#
# Arguments (a0 -> 32-bit words): rows, n (row length), x, out; x and out are [rows][n] f32.
# Launch: one block per row (grid-stride over rows: any grid works), any 1-D block size B;
# shared memory 4*B bytes. Each thread walks its row with stride B, so any n works.
# Three passes per row: (1) max, (2) sum of e^(x - max), (3) normalise. Passes 1 and 2 end with
# a tree reduction in shared memory (sh[t] op= sh[t + s] for s = P/2 .. 1, P = B rounded up to
# a power of two; barrier after every level). A barrier is a store to 0x80002000 (__syncthreads);
# every thread of the block reaches every barrier (the row loop is uniform across the block).
        .text
        .globl  softmax
softmax:
        lw      a1, 0(a0)               # rows
        lw      a2, 4(a0)               # n
        lw      a3, 8(a0)               # x
        lw      a4, 12(a0)              # out
        csrr    s0, 0xCD3               # t = threadIdx.x
        csrr    s1, 0xCD9               # B = blockDim.x
        csrr    s2, 0xCD6               # r = blockIdx.x
        csrr    s3, 0xCDC               # gridDim.x
        li      t0, 1                   # P = smallest power of two >= B
.Lpow2:
        bgeu    t0, s1, .Lpow2done
        slli    t0, t0, 1
        j       .Lpow2
.Lpow2done:
        srli    s4, t0, 1               # first reduction step P/2
        li      s5, 0xC0000000          # shared memory base
        slli    t0, s0, 2
        add     s6, s5, t0              # &sh[t]
        li      s7, 0x80002000          # barrier register
        li      t0, 0xFF800000
        fmv.w.x fs0, t0                 # -inf
        fmv.w.x fs1, zero               # 0.0

.Lrow:
        bgeu    s2, a1, .Lexit          # uniform: same r for the whole block
        mul     t0, s2, a2
        slli    t0, t0, 2
        add     s8, a3, t0              # x row
        add     s9, a4, t0              # out row

        # ---- pass 1: thread max, then block max
        fmv.s   fa0, fs0
        mv      t1, s0
.Lmax:
        bgeu    t1, a2, .Lmaxdone
        slli    t2, t1, 2
        add     t2, s8, t2
        flw     ft0, 0(t2)
        fmax.s  fa0, fa0, ft0
        add     t1, t1, s1
        j       .Lmax
.Lmaxdone:
        fsw     fa0, 0(s6)              # sh[t] = thread max
        sw      zero, 0(s7)             # __syncthreads()
        mv      t3, s4                  # s
.Lmaxred:
        beqz    t3, .Lmaxreddone
        bgeu    s0, t3, .Lmaxskip       # t < s ...
        add     t4, s0, t3
        bgeu    t4, s1, .Lmaxskip       # ... and t + s < B
        slli    t4, t3, 2
        add     t4, s6, t4
        flw     ft0, 0(s6)
        flw     ft1, 0(t4)
        fmax.s  ft0, ft0, ft1
        fsw     ft0, 0(s6)
.Lmaxskip:
        sw      zero, 0(s7)             # __syncthreads()
        srli    t3, t3, 1
        j       .Lmaxred
.Lmaxreddone:
        flw     fa0, 0(s5)              # row max = sh[0]
        sw      zero, 0(s7)             # everyone has read sh[0] before it is reused

        # ---- pass 2: thread sum of e^(x - max), then block sum
        fmv.s   fa1, fs1
        mv      t1, s0
.Lsum:
        bgeu    t1, a2, .Lsumdone
        slli    t2, t1, 2
        add     t2, s8, t2
        flw     ft0, 0(t2)
        fsub.s  ft0, ft0, fa0
        fexp.s  ft0, ft0                # SFU
        fadd.s  fa1, fa1, ft0
        add     t1, t1, s1
        j       .Lsum
.Lsumdone:
        fsw     fa1, 0(s6)
        sw      zero, 0(s7)
        mv      t3, s4
.Lsumred:
        beqz    t3, .Lsumreddone
        bgeu    s0, t3, .Lsumskip
        add     t4, s0, t3
        bgeu    t4, s1, .Lsumskip
        slli    t4, t3, 2
        add     t4, s6, t4
        flw     ft0, 0(s6)
        flw     ft1, 0(t4)
        fadd.s  ft0, ft0, ft1
        fsw     ft0, 0(s6)
.Lsumskip:
        sw      zero, 0(s7)
        srli    t3, t3, 1
        j       .Lsumred
.Lsumreddone:
        flw     fa1, 0(s5)              # row sum = sh[0]
        sw      zero, 0(s7)

        # ---- pass 3: out = e^(x - max) / sum
        mv      t1, s0
.Lnorm:
        bgeu    t1, a2, .Lnormdone
        slli    t2, t1, 2
        add     t5, s8, t2
        flw     ft0, 0(t5)
        fsub.s  ft0, ft0, fa0
        fexp.s  ft0, ft0
        fdiv.s  ft0, ft0, fa1
        add     t5, s9, t2
        fsw     ft0, 0(t5)
        add     t1, t1, s1
        j       .Lnorm
.Lnormdone:
        add     s2, s2, s3              # next row of this block
        j       .Lrow
.Lexit:
        ret
