# seed_softmax.S: full softmax of one vector, every thread computing its own denominator
# (O(N) per thread, O(N^2) in all), as the seed's softmax kernel did.
#
# Seed ABI (abi: seed): flat code at 0, IDs from the CTRL window, N = gridDim.x, ebreak at the end.
#   A @ 0x100000 (input), out @ 0x200000
#   out[i] = e^(A[i] - max) / sum_j e^(A[j] - max)
# Fixed: the seed's loop word 0x60010053 was fexp.s f0, f2 (not f2, f2): it clobbered my_exp and
# summed raw x; the seed also did not subtract the max (e^x overflows above 88); gid uses blockDim.x.
        .text
        .globl  _start
_start:
        lui     t6, 0x80000
        lw      t0, 0x00(t6)            # threadIdx.x
        lw      t1, 0x10(t6)            # blockIdx.x
        lw      t2, 0x20(t6)            # blockDim.x
        lw      a1, 0x30(t6)            # N = gridDim.x
        mul     t1, t1, t2
        add     t0, t0, t1              # gid
        bgeu    t0, a1, .Ldone
        lui     a2, 0x100               # A
        lui     a3, 0x200               # out
        flw     fa0, 0(a2)              # max = A[0]
        mv      t2, a2
        mv      t3, a1
.Lmax:
        flw     ft0, 0(t2)
        fmax.s  fa0, fa0, ft0
        addi    t2, t2, 4
        addi    t3, t3, -1
        bnez    t3, .Lmax
        fcvt.s.w fa1, zero              # sum = 0
        mv      t2, a2
        mv      t3, a1
.Lsum:
        flw     ft0, 0(t2)
        fsub.s  ft0, ft0, fa0
        fexp.s  ft0, ft0
        fadd.s  fa1, fa1, ft0
        addi    t2, t2, 4
        addi    t3, t3, -1
        bnez    t3, .Lsum
        slli    t4, t0, 2
        add     t2, a2, t4
        flw     ft1, 0(t2)              # A[gid]
        fsub.s  ft1, ft1, fa0
        fexp.s  ft1, ft1                # my_exp (kept in its own register)
        fdiv.s  ft1, ft1, fa1
        add     t2, a3, t4
        fsw     ft1, 0(t2)
.Ldone:
        ebreak
