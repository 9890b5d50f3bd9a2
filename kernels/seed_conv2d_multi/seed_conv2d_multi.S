# seed_conv2d_multi.S: valid 2-D convolution, several channels, in the seed's launch convention.
#
# Seed ABI (abi: seed): flat code at 0, IDs from the CTRL window, ebreak at the end.
#   in [Cin][H][W] @ 0x100000, w [Cout][Cin][K][K] @ 0x200000, out [Cout][OH][OW] @ 0x300000
#   H = gridDim.x, W = gridDim.y, Cin = gridDim.z, K = blockDim.x, Cout = blockDim.y
#   (the seed's documented launch: grid (H, W, Cin), block (K, Cout))
# Fixed: the seed mapped blockIdx.x to (oc, oy) = (bid / OH, bid % OH) and threadIdx.x to ox,
# which covers the outputs only for some shapes (its own test launch did not match). Here the
# launch's H*W*Cin*K*Cout threads, numbered linearly over the whole grid, share the
# Cout*OH*OW outputs in a grid-stride loop: every output is computed exactly once.
        .text
        .globl  _start
_start:
        lui     t6, 0x80000
        lw      a1, 0x30(t6)            # H
        lw      a2, 0x34(t6)            # W
        lw      a3, 0x38(t6)            # Cin
        lw      a4, 0x20(t6)            # K
        lw      a5, 0x24(t6)            # Cout
        blt     a1, a4, .Ldone
        blt     a2, a4, .Ldone
        # linear thread id in the block: x + y*bx + z*bx*by (threadIdx.y/z are 0 in the seed)
        lw      t0, 0x00(t6)
        lw      t1, 0x04(t6)
        lw      t2, 0x08(t6)
        lw      t3, 0x28(t6)            # blockDim.z
        mul     t2, t2, a5
        add     t1, t1, t2
        mul     t1, t1, a4
        add     t0, t0, t1              # tlin
        mul     s0, a4, a5
        mul     s0, s0, t3              # threads per block
        # linear block id: bx + by*gx + bz*gx*gy
        lw      t1, 0x10(t6)
        lw      t2, 0x14(t6)
        lw      t3, 0x18(t6)
        mul     t3, t3, a2
        add     t2, t2, t3
        mul     t2, t2, a1
        add     t1, t1, t2              # blin
        mul     t1, t1, s0
        add     t0, t0, t1              # g = blin * threads per block + tlin
        mul     s1, a1, a2
        mul     s1, s1, a3
        mul     s1, s1, s0              # stride = all threads of the launch
        sub     s2, a1, a4
        addi    s2, s2, 1               # OH
        sub     s3, a2, a4
        addi    s3, s3, 1               # OW
        mul     s4, s2, s3              # OH * OW
        mul     s5, s4, a5              # outputs = Cout * OH * OW
        lui     s6, 0x100               # in
        lui     s7, 0x200               # w
        lui     s8, 0x300               # out
        mul     s9, a1, a2
        slli    s9, s9, 2               # input channel stride (bytes)
        slli    s10, a2, 2              # input row stride (bytes)
.Lout:
        bgeu    t0, s5, .Ldone
        divu    a6, t0, s4              # oc
        remu    t1, t0, s4
        divu    a7, t1, s3              # oy
        remu    t2, t1, s3              # ox
        mul     t3, a7, a2
        add     t3, t3, t2
        slli    t3, t3, 2
        add     t3, s6, t3              # &in[0][oy][ox]
        mul     t4, a4, a4
        mul     t4, t4, a3
        mul     t4, t4, a6
        slli    t4, t4, 2
        add     t4, s7, t4              # &w[oc][0][0][0], walked linearly
        fcvt.s.w fa0, zero
        mv      t5, a3                  # ic left
.Lic:
        mv      t1, t3                  # &in[ic][oy+ky][ox]
        mv      s11, a4                 # ky left
.Lky:
        mv      t2, t1
        mv      t6, a4                  # kx left
.Lkx:
        flw     ft0, 0(t2)
        flw     ft1, 0(t4)
        fmadd.s fa0, ft0, ft1, fa0
        addi    t2, t2, 4
        addi    t4, t4, 4
        addi    t6, t6, -1
        bnez    t6, .Lkx
        add     t1, t1, s10
        addi    s11, s11, -1
        bnez    s11, .Lky
        add     t3, t3, s9
        addi    t5, t5, -1
        bnez    t5, .Lic
        slli    t1, t0, 2
        add     t1, s8, t1
        fsw     fa0, 0(t1)              # out[g] (= out[oc][oy][ox])
        add     t0, t0, s1
        j       .Lout
.Ldone:
        ebreak
