# seed_bias_add.S: out[i] = in[i] + bias[i / HW] in the seed's launch convention.
#
# Seed ABI (abi: seed): flat code at 0, IDs from the CTRL window, ebreak at the end.
#   in @ 0x100000, bias @ 0x200000, out @ 0x300000
#   N (elements) = gridDim.y, HW (elements per channel) = gridDim.z; launch (ceil(N/256), N, HW)
# Fixed: the seed indexed with blockIdx.x * 256 + threadIdx.x only, so the N*HW blocks along y
# and z all repeated the same work (O(N^2 HW / 256) blocks for N elements). Here every thread of
# the launch gets a distinct linear id over the whole grid and the ids cover the N elements once
# (grid-stride), so no element is computed twice. The launch itself stays as large as the
# convention makes it.
        .text
        .globl  _start
_start:
        lui     t6, 0x80000
        lw      t0, 0x00(t6)            # threadIdx.x (1-D block)
        lw      a5, 0x20(t6)            # blockDim.x
        lw      t1, 0x10(t6)            # blockIdx.x
        lw      t2, 0x14(t6)            # blockIdx.y
        lw      t3, 0x18(t6)            # blockIdx.z
        lw      a6, 0x30(t6)            # gridDim.x
        lw      a1, 0x34(t6)            # N = gridDim.y
        lw      a2, 0x38(t6)            # HW = gridDim.z
        mul     t3, t3, a1
        add     t2, t2, t3
        mul     t2, t2, a6
        add     t1, t1, t2              # linear block id
        mul     t1, t1, a5
        add     t0, t0, t1              # linear thread id
        mul     s0, a6, a1
        mul     s0, s0, a2
        mul     s0, s0, a5              # threads in the launch
        lui     a3, 0x100               # in
        lui     a4, 0x200               # bias
        lui     s1, 0x300               # out
.Li:
        bgeu    t0, a1, .Ldone
        slli    t4, t0, 2
        add     t5, a3, t4
        flw     ft0, 0(t5)
        divu    t6, t0, a2
        slli    t6, t6, 2
        add     t6, a4, t6
        flw     ft1, 0(t6)
        fadd.s  ft0, ft0, ft1
        add     t5, s1, t4
        fsw     ft0, 0(t5)
        add     t0, t0, s0
        j       .Li
.Ldone:
        ebreak
