# seed_maxpool_multi.S: 2x2 max pooling, stride 2, over [C][H][W], in the seed's convention.
#
# Seed ABI (abi: seed): flat code at 0, IDs from the CTRL window, ebreak at the end.
#   in [C][H][W] @ 0x100000, out [C][H/2][W/2] @ 0x200000
#   out_h = gridDim.x, C = gridDim.y, H = gridDim.z, W = blockDim.x;
#   oy = blockIdx.x, c = blockIdx.y, ox = threadIdx.x
# Fixed: the seed stored for every ox < W although only W/2 outputs exist per row (its test passed
# because later blocks overwrote the stray stores); here ox >= W/2, oy >= H/2 and the H redundant
# blocks along z (blockIdx.z != 0) do nothing. (The seed runtime's launch, block (w/2, w, 1), gave
# this kernel W = w/2: use block [W] as here.)
        .text
        .globl  _start
_start:
        lui     t6, 0x80000
        lw      t0, 0x00(t6)            # ox
        lw      t1, 0x10(t6)            # oy
        lw      a6, 0x14(t6)            # c
        lw      t2, 0x18(t6)            # blockIdx.z
        lw      a2, 0x38(t6)            # H = gridDim.z
        lw      a3, 0x20(t6)            # W = blockDim.x
        bnez    t2, .Ldone
        srli    s0, a2, 1               # OH
        srli    s1, a3, 1               # OW
        bgeu    t0, s1, .Ldone
        bgeu    t1, s0, .Ldone
        lui     a4, 0x100               # in
        lui     a5, 0x200               # out
        mul     t2, a6, a2
        slli    t3, t1, 1
        add     t2, t2, t3              # c*H + 2oy
        mul     t2, t2, a3
        slli    t3, t0, 1
        add     t2, t2, t3
        slli    t2, t2, 2
        add     t2, a4, t2              # &in[c][2oy][2ox]
        slli    t3, a3, 2
        add     t3, t2, t3              # next row
        flw     ft0, 0(t2)
        flw     ft1, 4(t2)
        flw     ft2, 0(t3)
        flw     ft3, 4(t3)
        fmax.s  ft0, ft0, ft1
        fmax.s  ft2, ft2, ft3
        fmax.s  ft0, ft0, ft2
        mul     t2, a6, s0
        add     t2, t2, t1
        mul     t2, t2, s1
        add     t2, t2, t0
        slli    t2, t2, 2
        add     t2, a5, t2
        fsw     ft0, 0(t2)              # out[c][oy][ox]
.Ldone:
        ebreak
