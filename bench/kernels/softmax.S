# softmax.S: row-wise softmax, out[r][c] = e^(in[r][c] - max_r) / sum_r (rvsimt bench, native ABI).
#
# Arguments: rows, cols, in, out (row-major f32).
# Launch: block of any multiple of the warp size, grid ceil(rows / warps per block).
# One warp per row: lanes stride through the row (consecutive lanes, consecutive floats) for
# the max, then for e^(x - max) (the SFU's fexp.s, stored to out) and its sum, and then scale
# the row by 1/sum. The per-lane partial max and sum are combined with a butterfly of
# vx_shfl_bfly (control word 0xFC0 | offset: no segments, source lane < warp size).
# Any cols >= 1 works; lanes with no element of a short row sit out the loop.
        .text
        .globl  softmax_rows
softmax_rows:
        lw      a1, 0(a0)               # rows
        lw      a2, 4(a0)               # cols
        lw      a3, 8(a0)               # in
        lw      a4, 12(a0)              # out
        csrr    t0, vx_lane_id
        csrr    t1, vx_warp_id
        csrr    t2, vx_num_warps        # warps per block
        csrr    t3, vx_bid_x
        csrr    s0, vx_num_threads      # warp size
        mul     t3, t3, t2
        add     t1, t1, t3              # row = blockIdx.x * warps + warp
        bgeu    t1, a1, .Ldone          # the whole warp agrees: no divergence
        mul     t2, t1, a2
        slli    t2, t2, 2               # row offset in bytes
        add     a3, a3, t2
        add     a4, a4, t2
        slli    t3, a2, 2
        add     a5, a3, t3              # end of the input row
        add     a6, a4, t3              # end of the output row
        slli    t0, t0, 2
        add     a3, a3, t0              # this lane's first input
        add     a4, a4, t0              # and output
        slli    s1, s0, 2               # stride: warp size * 4
        li      s2, 0xFC0               # shuffle control: c = 63, no segments
        # pass 1: the lane's max
        lui     t2, 0xFF800
        fmv.w.x fa0, t2                 # -inf
        mv      t4, a3
        bgeu    t4, a5, 2f
1:      flw     ft0, 0(t4)
        fmax.s  fa0, fa0, ft0
        add     t4, t4, s1
        bltu    t4, a5, 1b
2:      srli    t5, s0, 1               # butterfly over the warp
3:      fmv.x.w t2, fa0
        or      t3, t5, s2
        vx_shfl_bfly t2, t2, t3
        fmv.w.x ft0, t2
        fmax.s  fa0, fa0, ft0
        srli    t5, t5, 1
        bnez    t5, 3b
        # pass 2: e^(x - max) to out, and the lane's sum
        fmv.w.x fa1, zero
        mv      t4, a3
        mv      t6, a4
        bgeu    t4, a5, 5f
4:      flw     ft0, 0(t4)
        fsub.s  ft0, ft0, fa0
        fexp.s  ft0, ft0
        fsw     ft0, 0(t6)
        fadd.s  fa1, fa1, ft0
        add     t4, t4, s1
        add     t6, t6, s1
        bltu    t4, a5, 4b
5:      srli    t5, s0, 1
6:      fmv.x.w t2, fa1
        or      t3, t5, s2
        vx_shfl_bfly t2, t2, t3
        fmv.w.x ft0, t2
        fadd.s  fa1, fa1, ft0
        srli    t5, t5, 1
        bnez    t5, 6b
        # pass 3: scale by 1/sum
        lui     t2, 0x3F800
        fmv.w.x ft1, t2                 # 1.0
        fdiv.s  fa1, ft1, fa1
        mv      t6, a4
        bgeu    t6, a6, .Ldone
7:      flw     ft0, 0(t6)
        fmul.s  ft0, ft0, fa1
        fsw     ft0, 0(t6)
        add     t6, t6, s1
        bltu    t6, a6, 7b
.Ldone:
        ret
