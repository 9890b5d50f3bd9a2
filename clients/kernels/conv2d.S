# conv2d.S: valid 2-D convolution, several channels, with bias (native ABI; flat binary, entry 0).
#
#   out[oc][oy][ox] = bias[oc] + sum_{c,ky,kx} in[c][oy+ky][ox+kx] * w[oc][c][ky][kx]
#
# Arguments (a0 points at u32 words): C, H, W, K, OC, in [C][H][W], w [OC][C][K][K], bias [OC],
# out [OC][H-K+1][W-K+1]. Any 1-D grid and block: output element i = oc*OH*OW + oy*OW + ox,
# grid-stride loop. The sum is a chain of fmadd.s in (c, ky, kx) order.
        .text
        .globl  conv2d
conv2d:
        lw      s0, 0(a0)               # C
        lw      s1, 4(a0)               # H
        lw      s2, 8(a0)               # W
        lw      s3, 12(a0)              # K
        lw      s4, 16(a0)              # OC
        lw      s5, 20(a0)              # in
        lw      s6, 24(a0)              # w
        lw      s7, 28(a0)              # bias
        lw      s8, 32(a0)              # out
        sub     s9, s1, s3
        addi    s9, s9, 1               # OH
        sub     s10, s2, s3
        addi    s10, s10, 1             # OW
        mul     s11, s9, s10            # OH*OW
        mul     a1, s11, s4             # outputs
        csrr    t0, 0xCD3
        csrr    t1, 0xCD6
        csrr    t2, 0xCD9
        csrr    t3, 0xCDC
        mul     t1, t1, t2
        add     a2, t0, t1              # i
        mul     a3, t3, t2              # stride
        mul     t4, s1, s2
        slli    a6, t4, 2               # bytes per input channel
        slli    a7, s2, 2               # bytes per input row
.Lout:
        bgeu    a2, a1, .Ldone
        remu    t0, a2, s10             # ox
        divu    t1, a2, s10
        remu    t2, t1, s9              # oy
        divu    t1, t1, s9              # oc
        slli    t4, t1, 2
        add     t4, s7, t4
        flw     fa0, 0(t4)              # acc = bias[oc]
        mul     t4, s3, s3
        mul     t4, t4, s0              # C*K*K
        mul     t4, t4, t1
        slli    t4, t4, 2
        add     a4, s6, t4              # weights of oc, walked in (c, ky, kx) order
        mul     t4, t2, s2
        add     t4, t4, t0
        slli    t4, t4, 2
        add     a5, s5, t4              # &in[0][oy][ox]
        mv      t6, zero                # c
.Lc:
        bgeu    t6, s0, .Lstore
        mv      t4, a5                  # &in[c][oy+ky][ox]
        mv      t5, zero                # ky
.Lky:
        bgeu    t5, s3, .Lnextc
        mv      t0, t4
        mv      t1, zero                # kx
.Lkx:
        bgeu    t1, s3, .Lnextky
        flw     ft0, 0(t0)
        flw     ft1, 0(a4)
        fmadd.s fa0, ft0, ft1, fa0
        addi    t0, t0, 4
        addi    a4, a4, 4
        addi    t1, t1, 1
        j       .Lkx
.Lnextky:
        add     t4, t4, a7
        addi    t5, t5, 1
        j       .Lky
.Lnextc:
        add     a5, a5, a6
        addi    t6, t6, 1
        j       .Lc
.Lstore:
        slli    t4, a2, 2
        add     t4, s8, t4
        fsw     fa0, 0(t4)              # out[i]
        add     a2, a2, a3
        j       .Lout
.Ldone:
        ret
