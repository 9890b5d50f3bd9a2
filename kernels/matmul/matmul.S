# matmul.S: C = A * B, A [M][K], B [K][N], C [M][N], row-major f32 (native ABI).
#
# Arguments (a0 -> 32-bit words): M, N, K, A, B, C.
# One thread per element of C on a 2-D launch: col = blockIdx.x * blockDim.x + threadIdx.x,
# row = blockIdx.y * blockDim.y + threadIdx.y; threads outside M x N do nothing.
# acc = fmadd(A[row][k], B[k][col], acc) for k = 0 .. K-1 (one rounding per step, in k order).
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
        bgeu    t0, a2, .Ldone          # col < N
        bgeu    t1, a1, .Ldone          # row < M
        mul     t2, t1, a3
        slli    t2, t2, 2
        add     t2, a4, t2              # &A[row][0]
        slli    t3, t0, 2
        add     t3, a5, t3              # &B[0][col]
        slli    t4, a2, 2               # B row stride in bytes
        fmv.w.x fa0, zero               # acc
        mv      t5, a3                  # k left
.Lk:
        beqz    t5, .Lstore
        flw     ft0, 0(t2)
        flw     ft1, 0(t3)
        fmadd.s fa0, ft0, ft1, fa0
        addi    t2, t2, 4
        add     t3, t3, t4
        addi    t5, t5, -1
        j       .Lk
.Lstore:
        mul     t2, t1, a2
        add     t2, t2, t0
        slli    t2, t2, 2
        add     t2, a6, t2
        fsw     fa0, 0(t2)              # C[row][col]
.Ldone:
        ret
