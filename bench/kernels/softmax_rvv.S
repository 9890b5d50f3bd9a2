# softmax_rvv.S: row-wise softmax with RVV 1.0, one row per thread (rvsimt bench, native ABI).
#
# Arguments: rows, cols, in, out (row-major f32) -- the same as softmax.S.
# Launch: 1-D, any block; thread (blockIdx.x * blockDim.x + threadIdx.x) owns that row.
# Every pass strip-mines the row at e32, m8 (32 elements at VLEN 128).
# Pass 1: vfmax.vv into a running vector (tail-undisturbed, so a short last strip keeps the other
# elements' maxima), then vfredmax.vs. Pass 2: x - max (vfsub.vf), e^ of every element (vfexp.v:
# the SFU's fexp.s per element), stored and summed with vfredusum.vs (rvsimt adds in element
# order, so the sum is the same at any LMUL). Pass 3: vfdiv.vf by the sum.
        .text
        .globl  softmax_rvv
softmax_rvv:
        lw      a1, 0(a0)               # rows
        lw      a2, 4(a0)               # cols
        lw      a3, 8(a0)               # in
        lw      a4, 12(a0)              # out
        csrr    t0, vx_tid_x
        csrr    t1, vx_bid_x
        csrr    t2, vx_bdim_x
        mul     t1, t1, t2
        add     t0, t0, t1              # row
        bgeu    t0, a1, .Ldone
        mul     t1, t0, a2
        slli    t1, t1, 2
        add     a3, a3, t1              # in row
        add     a4, a4, t1              # out row

        # ---- pass 1: max
        li      t0, 0xFF800000
        fmv.w.x fa0, t0                 # -inf
        vsetvli t1, zero, e32, m8, ta, ma
        vfmv.v.f v8, fa0                # running max (v8..v15)
        mv      t2, a3
        mv      t3, a2
.Lmax:
        beqz    t3, .Lmaxdone
        vsetvli t1, t3, e32, m8, tu, ma
        vle32.v v16, (t2)
        vfmax.vv v8, v8, v16
        slli    t4, t1, 2
        add     t2, t2, t4
        sub     t3, t3, t1
        j       .Lmax
.Lmaxdone:
        vsetvli t1, zero, e32, m8, ta, ma
        vfmv.s.f v3, fa0
        vfredmax.vs v3, v8, v3
        vfmv.f.s fa1, v3                # row max

        # ---- pass 2: e^(x - max) to out, and its sum
        fmv.w.x ft1, zero
        vfmv.s.f v5, ft1                # running sum in v5[0]
        mv      t2, a3
        mv      t5, a4
        mv      t3, a2
.Lexp:
        beqz    t3, .Lexpdone
        vsetvli t1, t3, e32, m8, ta, ma
        vle32.v v16, (t2)
        vfsub.vf v16, v16, fa1
        vfexp.v v16, v16
        vse32.v v16, (t5)
        vfredusum.vs v5, v16, v5
        slli    t4, t1, 2
        add     t2, t2, t4
        add     t5, t5, t4
        sub     t3, t3, t1
        j       .Lexp
.Lexpdone:
        vfmv.f.s fa2, v5                # sum

        # ---- pass 3: normalise
        mv      t5, a4
        mv      t3, a2
.Lnorm:
        beqz    t3, .Ldone
        vsetvli t1, t3, e32, m8, ta, ma
        vle32.v v8, (t5)
        vfdiv.vf v8, v8, fa2
        vse32.v v8, (t5)
        slli    t4, t1, 2
        add     t5, t5, t4
        sub     t3, t3, t1
        j       .Lnorm
.Ldone:
        ret
