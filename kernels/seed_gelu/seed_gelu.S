# seed_gelu.S: out[i] = x * sigmoid(1.702 x)
#
# Seed ABI (abi: seed): flat code at 0, no argument block, IDs from the CTRL window at
# 0x80000000, N = gridDim.x, ends with ebreak. Buffers at the seed's fixed VRAM addresses:
#   A @ 0x100000, out @ 0x200000
# Written from the seed's description (docs/seed.md). Fixed: gid uses blockDim.x (the seed hard-coded 256),
# and the bounds check is unsigned.
        .text
        .globl  _start
_start:
        lui     t6, 0x80000             # CTRL window (seed ID window)
        lw      t0, 0x00(t6)            # threadIdx.x
        lw      t1, 0x10(t6)            # blockIdx.x
        lw      t2, 0x20(t6)            # blockDim.x
        lw      a1, 0x30(t6)            # N = gridDim.x
        mul     t1, t1, t2
        add     t0, t0, t1              # gid = blockIdx.x * blockDim.x + threadIdx.x
        bgeu    t0, a1, .Ldone
        slli    t4, t0, 2               # byte offset
        li      t5, 0x3FD9DB23          # 1.702f (fixed: the seed had 0x3FD9D1A3 = 1.70171)
        fmv.w.x ft2, t5
        lui     a2, 0x100               # A @ 0x100000
        add     a2, a2, t4
        flw     ft0, 0(a2)
        fmul.s  ft1, ft0, ft2
        fsigmoid.s ft1, ft1
        fmul.s  ft0, ft0, ft1
        lui     a3, 0x200               # out @ 0x200000
        add     a3, a3, t4
        fsw     ft0, 0(a3)
.Ldone:
        ebreak
