# conv2d_rvv.S: multi-channel 2-D convolution, 3x3 filters, valid padding, bias and optional ReLU
# fused, with RVV 1.0 over output columns (rvsimt bench, native ABI).
#
#   out[oc][oy][ox] = relu?(bias[oc] + sum_ic sum_ky sum_kx in[ic][oy+ky][ox+kx] * w[oc][ic][ky][kx])
#
# Arguments: Cin, H, W, in, w, bias, out, relu (0 or 1) -- the same as conv2d.S.
# Launch: 1-D block, grid (ceil(strips * OH / blockDim.x), 1, Cout), strips = ceil(OW / 32). Thread
# t of channel blockIdx.z owns output row oy = t / strips, columns [32 s, 32 s + 32) with
# s = t % strips (e32, m8: 32 floats at VLEN 128; the last strip is shorter). The widest group
# halves the vector instructions per output against m4, and the unit's cost is mostly per
# instruction and lane, not per element. Per input channel
# the 3x3 window is 9 vle32.v of the input row shifted by kx and 9 vfmacc.vf by the weight (a
# scalar flw; the same address in every lane), in ic, ky, kx order: each output is the same fma
# chain as conv2d.S, so the two agree bit for bit.
        .text
        .globl  conv2d_rvv
conv2d_rvv:
        lw      a1, 0(a0)               # Cin
        lw      a2, 4(a0)               # H
        lw      a3, 8(a0)               # W
        addi    a6, a3, -2              # OW
        addi    a7, a2, -2              # OH
        addi    t0, a6, 31
        srli    t0, t0, 5               # strips per row
        csrr    t1, vx_tid_x
        csrr    t2, vx_bdim_x
        csrr    t3, vx_bid_x
        mul     t3, t3, t2
        add     t1, t1, t3              # t
        divu    t3, t1, t0              # oy
        remu    t4, t1, t0              # strip
        bgeu    t3, a7, .Ldone
        slli    t4, t4, 5               # ox0
        csrr    t2, vx_bid_z            # oc
        sub     t5, a6, t4
        vsetvli t5, t5, e32, m8, ta, ma # vl = min(32, OW - ox0)
        lw      t6, 20(a0)              # bias
        slli    t0, t2, 2
        add     t6, t6, t0
        flw     fa0, 0(t6)
        vfmv.v.f v8, fa0                # acc = bias[oc]
        lw      t6, 12(a0)              # in
        mul     t0, t3, a3              # oy * W
        add     t0, t0, t4              # + ox0
        slli    t0, t0, 2
        add     s0, t6, t0              # row 0 of the window
        slli    t6, a3, 2               # W * 4
        add     s1, s0, t6              # row 1
        add     s2, s1, t6              # row 2
        mul     s3, a2, a3
        slli    s3, s3, 2               # plane = H * W * 4
        lw      t6, 16(a0)              # w
        li      t0, 36
        mul     t0, a1, t0              # Cin * 36: filter bytes per output channel
        mul     t1, t2, t0
        add     s4, t6, t1              # pw = &w[oc][0][0][0]
        add     s5, s4, t0              # end of the filter
.Lic:
        vle32.v v16, (s0)
        flw     ft0, 0(s4)
        vfmacc.vf v8, ft0, v16
        addi    t0, s0, 4
        vle32.v v16, (t0)
        flw     ft0, 4(s4)
        vfmacc.vf v8, ft0, v16
        addi    t0, s0, 8
        vle32.v v16, (t0)
        flw     ft0, 8(s4)
        vfmacc.vf v8, ft0, v16
        vle32.v v16, (s1)
        flw     ft0, 12(s4)
        vfmacc.vf v8, ft0, v16
        addi    t0, s1, 4
        vle32.v v16, (t0)
        flw     ft0, 16(s4)
        vfmacc.vf v8, ft0, v16
        addi    t0, s1, 8
        vle32.v v16, (t0)
        flw     ft0, 20(s4)
        vfmacc.vf v8, ft0, v16
        vle32.v v16, (s2)
        flw     ft0, 24(s4)
        vfmacc.vf v8, ft0, v16
        addi    t0, s2, 4
        vle32.v v16, (t0)
        flw     ft0, 28(s4)
        vfmacc.vf v8, ft0, v16
        addi    t0, s2, 8
        vle32.v v16, (t0)
        flw     ft0, 32(s4)
        vfmacc.vf v8, ft0, v16
        add     s0, s0, s3              # next input channel
        add     s1, s1, s3
        add     s2, s2, s3
        addi    s4, s4, 36
        bltu    s4, s5, .Lic
        lw      t0, 28(a0)              # relu flag (uniform)
        beqz    t0, 1f
        fmv.w.x ft0, zero
        vfmax.vf v8, v8, ft0
1:      mul     t0, t2, a7              # oc * OH
        add     t0, t0, t3              # + oy
        mul     t0, t0, a6              # * OW
        add     t0, t0, t4              # + ox0
        slli    t0, t0, 2
        lw      t1, 24(a0)              # out
        add     t0, t0, t1
        vse32.v v8, (t0)
.Ldone:
        ret
