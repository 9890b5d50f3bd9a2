# cnn.S: the layers of the bench's LeNet-style CNN forward pass (rvsimt bench, native ABI).
# Every entry runs one thread per output element, linear index
# g = blockIdx.x * blockDim.x + threadIdx.x, with a bounds check (any 1-D launch covering the
# outputs works). Tensors are f32, channel-major ([C][H][W]).
        .text

# conv_bias_relu: out[oc][oy][ox] = max(0, bias[oc] + sum_{ic,ky,kx} in[ic][oy+ky][ox+kx] * w[oc][ic][ky][kx])
# Arguments: Cin, H, W, K, Cout, in, w, bias, out. Output Cout x (H-K+1) x (W-K+1), valid padding.
        .globl  conv_bias_relu
conv_bias_relu:
        lw      s0, 0(a0)               # Cin
        lw      s1, 4(a0)               # H
        lw      s2, 8(a0)               # W
        lw      s3, 12(a0)              # K
        lw      s4, 16(a0)              # Cout
        csrr    t0, vx_tid_x
        csrr    t1, vx_bid_x
        csrr    t2, vx_bdim_x
        mul     t1, t1, t2
        add     t0, t0, t1              # g
        sub     s5, s1, s3
        addi    s5, s5, 1               # OH
        sub     s6, s2, s3
        addi    s6, s6, 1               # OW
        mul     t1, s5, s6              # OH * OW
        mul     t2, t1, s4
        bgeu    t0, t2, .Lcdone
        lw      t2, 32(a0)              # out
        slli    t3, t0, 2
        add     s10, t2, t3             # &out[g]
        divu    t3, t0, t1              # oc
        remu    t4, t0, t1
        divu    t5, t4, s6              # oy
        remu    t6, t4, s6              # ox
        lw      t2, 28(a0)              # bias
        slli    t4, t3, 2
        add     t2, t2, t4
        flw     fa0, 0(t2)              # acc = bias[oc]
        mul     t4, s3, s3              # K * K
        mul     t4, t4, s0              # * Cin
        mul     t4, t4, t3              # * oc
        slli    t4, t4, 2
        lw      a5, 24(a0)              # w
        add     a5, a5, t4              # &w[oc][0][0][0]
        mul     t4, t5, s2
        add     t4, t4, t6
        slli    t4, t4, 2
        lw      a6, 20(a0)              # in
        add     a6, a6, t4              # &in[0][oy][ox]
        mul     s7, s1, s2
        slli    s7, s7, 2               # plane bytes
        slli    s8, s2, 2               # row bytes
        mv      s9, s0                  # ic countdown
.Lcic:
        mv      t0, a6                  # window row
        mv      t1, s3                  # ky countdown
.Lcky:
        mv      t3, t0
        mv      t2, s3                  # kx countdown
.Lckx:
        flw     ft0, 0(t3)
        flw     ft1, 0(a5)
        fmadd.s fa0, ft0, ft1, fa0
        addi    t3, t3, 4
        addi    a5, a5, 4
        addi    t2, t2, -1
        bnez    t2, .Lckx
        add     t0, t0, s8
        addi    t1, t1, -1
        bnez    t1, .Lcky
        add     a6, a6, s7
        addi    s9, s9, -1
        bnez    s9, .Lcic
        fmv.w.x ft0, zero
        fmax.s  fa0, fa0, ft0           # ReLU
        fsw     fa0, 0(s10)
.Lcdone:
        ret

# maxpool2: 2x2 max pooling, stride 2. Arguments: C, H, W, in, out (C x H/2 x W/2; H, W even).
        .globl  maxpool2
maxpool2:
        lw      s0, 0(a0)               # C
        lw      s1, 4(a0)               # H
        lw      s2, 8(a0)               # W
        csrr    t0, vx_tid_x
        csrr    t1, vx_bid_x
        csrr    t2, vx_bdim_x
        mul     t1, t1, t2
        add     t0, t0, t1              # g
        srli    s3, s1, 1               # OH
        srli    s4, s2, 1               # OW
        mul     t1, s3, s4
        mul     t2, t1, s0
        bgeu    t0, t2, .Lpdone
        divu    t3, t0, t1              # c
        remu    t4, t0, t1
        divu    t5, t4, s4              # oy
        remu    t6, t4, s4              # ox
        mul     t3, t3, s1              # c * H
        slli    t5, t5, 1
        add     t3, t3, t5              # + 2 oy
        mul     t3, t3, s2              # * W
        slli    t6, t6, 1
        add     t3, t3, t6              # + 2 ox
        slli    t3, t3, 2
        lw      t1, 12(a0)              # in
        add     t3, t3, t1
        slli    t4, s2, 2
        add     t4, t3, t4              # the row below
        flw     ft0, 0(t3)
        flw     ft1, 4(t3)
        flw     ft2, 0(t4)
        flw     ft3, 4(t4)
        fmax.s  ft0, ft0, ft1
        fmax.s  ft2, ft2, ft3
        fmax.s  ft0, ft0, ft2
        lw      t1, 16(a0)              # out
        slli    t2, t0, 2
        add     t1, t1, t2
        fsw     ft0, 0(t1)
.Lpdone:
        ret

# fc: out[o] = relu?(bias[o] + sum_i in[i] * w[o][i]). Arguments: nIn, nOut, in, w (nOut x nIn), bias, out, relu.
        .globl  fc
fc:
        lw      s0, 0(a0)               # nIn
        lw      s1, 4(a0)               # nOut
        csrr    t0, vx_tid_x
        csrr    t1, vx_bid_x
        csrr    t2, vx_bdim_x
        mul     t1, t1, t2
        add     t0, t0, t1              # o
        bgeu    t0, s1, .Lfdone
        lw      t1, 8(a0)               # in
        lw      t2, 12(a0)              # w
        lw      t3, 16(a0)              # bias
        slli    t4, t0, 2
        add     t3, t3, t4
        flw     fa0, 0(t3)              # acc = bias[o]
        mul     t4, t0, s0
        slli    t4, t4, 2
        add     t2, t2, t4              # &w[o][0]
        slli    t4, s0, 2
        add     t5, t1, t4              # end of in
1:      flw     ft0, 0(t1)
        flw     ft1, 0(t2)
        fmadd.s fa0, ft0, ft1, fa0
        addi    t1, t1, 4
        addi    t2, t2, 4
        bltu    t1, t5, 1b
        lw      t3, 24(a0)              # relu flag (uniform)
        beqz    t3, 2f
        fmv.w.x ft0, zero
        fmax.s  fa0, fa0, ft0
2:      lw      t3, 20(a0)              # out
        slli    t4, t0, 2
        add     t3, t3, t4
        fsw     fa0, 0(t3)
.Lfdone:
        ret
