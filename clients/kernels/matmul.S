# matmul.S: C[M][N] = A[M][K] . B[K][N], f32, row-major (native ABI; flat binary, entry at 0).
#
# Arguments (a0 points at u32 words): M, N, K, A, B, C.
# 2-D launch, one thread per element of C: col = x index, row = y index (blockIdx * blockDim +
# threadIdx); threads outside C return at once. The dot product is a chain of fmadd.s in k order.
        .text
        .globl  matmul
matmul:
        lw      a1, 0(a0)               # M
        lw      a2, 4(a0)               # N
        lw      a3, 8(a0)               # K
        lw      a4, 12(a0)              # A
        lw      a5, 16(a0)              # B
        lw      a6, 20(a0)              # C
        csrr    t0, 0xCD3               # threadIdx.x
        csrr    t1, 0xCD6               # blockIdx.x
        csrr    t2, 0xCD9               # blockDim.x
        mul     t1, t1, t2
        add     t0, t0, t1              # col
        csrr    t1, 0xCD4               # threadIdx.y
        csrr    t2, 0xCD7               # blockIdx.y
        csrr    t3, 0xCDA               # blockDim.y
        mul     t2, t2, t3
        add     t1, t1, t2              # row
        bgeu    t0, a2, .Ldone
        bgeu    t1, a1, .Ldone
        mul     t2, t1, a3
        slli    t2, t2, 2
        add     t2, a4, t2              # &A[row][0]
        slli    t3, t0, 2
        add     t3, a5, t3              # &B[0][col]
        slli    t4, a2, 2               # bytes per row of B
        fmv.w.x fa0, zero               # acc = 0
        mv      t5, zero                # k
.Lk:
        bgeu    t5, a3, .Lstore
        flw     ft0, 0(t2)
        flw     ft1, 0(t3)
        fmadd.s fa0, ft0, ft1, fa0
        addi    t2, t2, 4
        add     t3, t3, t4
        addi    t5, t5, 1
        j       .Lk
.Lstore:
        mul     t6, t1, a2
        add     t6, t6, t0
        slli    t6, t6, 2
        add     t6, a6, t6
        fsw     fa0, 0(t6)              # C[row][col]
.Ldone:
        ret
