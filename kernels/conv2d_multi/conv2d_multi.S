# conv2d_multi.S: valid 2-D convolution with several input and output channels (native ABI).
#
#   out[oc][oy][ox] = sum_{ic,ky,kx} in[ic][oy+ky][ox+kx] * w[oc][ic][ky][kx]
#
# Arguments (a0 -> 32-bit words): Cin, Cout, H, W, K, in [Cin][H][W], w [Cout][Cin][K][K],
# out [Cout][H-K+1][W-K+1].
# 3-D launch: ox = x index, oy = y index, oc = blockIdx.z + k * gridDim.z (grid-stride over the
# output channels, so grid.z may be anything from 1 to Cout). fmadd in ic, ky, kx order.
        .text
        .globl  conv2d_multi
conv2d_multi:
        lw      a1, 0(a0)               # Cin
        lw      a2, 4(a0)               # Cout
        lw      s10, 8(a0)              # H
        lw      s11, 12(a0)             # W
        lw      a3, 16(a0)              # K
        lw      a4, 20(a0)              # in
        lw      a5, 24(a0)              # w
        lw      a6, 28(a0)              # out
        blt     s10, a3, .Ldone         # K > H: no output
        blt     s11, a3, .Ldone
        sub     s0, s10, a3
        addi    s0, s0, 1               # OH
        sub     s1, s11, a3
        addi    s1, s1, 1               # OW
        csrr    t0, 0xCD3
        csrr    t1, 0xCD6
        csrr    t2, 0xCD9
        mul     t1, t1, t2
        add     t0, t0, t1              # ox
        csrr    t1, 0xCD4
        csrr    t2, 0xCD7
        csrr    t3, 0xCDA
        mul     t2, t2, t3
        add     t1, t1, t2              # oy
        bgeu    t0, s1, .Ldone
        bgeu    t1, s0, .Ldone
        csrr    a7, 0xCD8               # oc = blockIdx.z
        mul     s5, s10, s11
        slli    s5, s5, 2               # input channel stride (bytes)
        slli    s6, s11, 2              # input row stride (bytes)
        mul     s7, a3, a3
        mul     s7, s7, a1
        slli    s7, s7, 2               # weight stride per output channel (bytes)
        mul     t2, t1, s11
        add     t2, t2, t0
        slli    t2, t2, 2
        add     s8, a4, t2              # &in[0][oy][ox]
.Loc:
        bgeu    a7, a2, .Ldone          # oc < Cout
        mul     t3, a7, s7
        add     t3, a5, t3              # &w[oc][0][0][0], walked linearly
        fmv.w.x fa0, zero
        mv      t5, s8                  # &in[ic][oy][ox]
        mv      s2, a1                  # ic left
.Lic:
        beqz    s2, .Lstore
        mv      t2, t5                  # &in[ic][oy+ky][ox]
        mv      s3, a3                  # ky left
.Lky:
        beqz    s3, .Lkydone
        mv      t4, t2
        mv      s4, a3                  # kx left
.Lkx:
        beqz    s4, .Lkxdone
        flw     ft0, 0(t4)
        flw     ft1, 0(t3)
        fmadd.s fa0, ft0, ft1, fa0
        addi    t4, t4, 4
        addi    t3, t3, 4
        addi    s4, s4, -1
        j       .Lkx
.Lkxdone:
        add     t2, t2, s6
        addi    s3, s3, -1
        j       .Lky
.Lkydone:
        add     t5, t5, s5
        addi    s2, s2, -1
        j       .Lic
.Lstore:
        mul     t2, a7, s0
        add     t2, t2, t1
        mul     t2, t2, s1
        add     t2, t2, t0
        slli    t2, t2, 2
        add     t2, a6, t2
        fsw     fa0, 0(t2)              # out[oc][oy][ox]
        csrr    t6, 0xCDE               # gridDim.z
        add     a7, a7, t6
        j       .Loc
.Ldone:
        ret
