# conv2d.S: valid 2-D convolution (cross-correlation, as in CNNs), one channel (native ABI).
#
#   out[oy][ox] = sum_{ky,kx} in[oy+ky][ox+kx] * w[ky][kx],  out is [H-K+1][W-K+1]
#
# Arguments (a0 -> 32-bit words): H, W, K, in [H][W], w [K][K], out.
# One thread per output on a 2-D launch: ox = x index, oy = y index (any W and K; the seed's
# kernel only computed the first K columns). fmadd in ky, kx order.
        .text
        .globl  conv2d
conv2d:
        lw      a1, 0(a0)               # H
        lw      a2, 4(a0)               # W
        lw      a3, 8(a0)               # K
        lw      a4, 12(a0)              # in
        lw      a5, 16(a0)              # w
        lw      a6, 20(a0)              # out
        sub     s0, a1, a3
        addi    s0, s0, 1               # OH = H - K + 1
        sub     s1, a2, a3
        addi    s1, s1, 1               # OW = W - K + 1
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
        blt     a1, a3, .Ldone          # K > H: no output
        blt     a2, a3, .Ldone          # K > W
        bgeu    t0, s1, .Ldone          # ox < OW
        bgeu    t1, s0, .Ldone          # oy < OH
        mul     t2, t1, a2
        add     t2, t2, t0
        slli    t2, t2, 2
        add     t2, a4, t2              # &in[oy][ox]
        mv      t3, a5                  # &w[0][0]
        slli    t6, a2, 2               # input row stride in bytes
        fmv.w.x fa0, zero               # acc
        mv      s2, a3                  # ky left
.Lky:
        beqz    s2, .Lstore
        mv      t4, t2                  # &in[oy+ky][ox]
        mv      s3, a3                  # kx left
.Lkx:
        beqz    s3, .Lkxdone
        flw     ft0, 0(t4)
        flw     ft1, 0(t3)
        fmadd.s fa0, ft0, ft1, fa0
        addi    t4, t4, 4
        addi    t3, t3, 4
        addi    s3, s3, -1
        j       .Lkx
.Lkxdone:
        add     t2, t2, t6              # next input row
        addi    s2, s2, -1
        j       .Lky
.Lstore:
        mul     t2, t1, s1
        add     t2, t2, t0
        slli    t2, t2, 2
        add     t2, a6, t2
        fsw     fa0, 0(t2)              # out[oy][ox]
.Ldone:
        ret
