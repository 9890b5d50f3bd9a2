# sgemm_reg.S: C = A * B (row-major f32; A is MxK, B is KxN, C is MxN), register-blocked: a block
# of 16x16 threads computes a 64x64 tile of C, each thread a 4x4 sub-grid of it (rows ty + 16i,
# columns tx + 16j), from 64x16 and 16x64 tiles of A and B staged in shared memory
# (rvsimt bench, native ABI).
#
# Arguments: M, N, K, A, B, C.
# Launch: block (16, 16), grid (N/64, M/64), shared 8192 bytes; M, N multiples of 64, K of 16.
# Shared memory: As[16][64] (A transposed, k-major) at 0xC0000000, Bs[16][64] at 0xC0001000.
# Per k-tile each thread copies 4 elements of A and 4 of B, the block meets at the barrier,
# and 16 unrolled k steps each load 4 values of A and 4 of B and issue 16 fmadd.s: 1.6
# instructions per multiply-add instead of the 3.6 of sgemm_tiled.S, so this is the case that
# shows what the engine can do on dense math. Shared reads use immediates around a base
# 2048 bytes into each tile, which keeps the whole 4 KiB tile within the 12-bit offset range.
        .text
        .globl  sgemm_reg
sgemm_reg:
        lw      a1, 4(a0)               # N
        lw      a2, 8(a0)               # K
        lw      a3, 12(a0)              # A
        lw      a4, 16(a0)              # B
        lw      a5, 20(a0)              # C
        csrr    t0, vx_tid_x            # tx
        csrr    t1, vx_tid_y            # ty
        csrr    t2, vx_bid_x
        csrr    t3, vx_bid_y
        slli    s0, t2, 6               # bx * 64: first column of the block's tile
        slli    s1, t3, 6               # by * 64: first row
        # A copy: thread (tx, ty) loads A[by*64 + ty + 16q][kt + tx], q = 0..3
        add     t4, s1, t1              # by*64 + ty
        mul     t4, t4, a2
        add     t4, t4, t0
        slli    t4, t4, 2
        add     s2, a3, t4              # pa
        slli    s8, a2, 6               # 16 rows of A: 16 * K * 4
        # B copy: t = ty*16 + tx loads B[kt + t/64 + 4q][bx*64 + t%64], q = 0..3
        slli    t5, t1, 4
        add     t5, t5, t0              # t
        srli    t6, t5, 6               # t / 64
        andi    a6, t5, 63              # t % 64
        mul     t4, t6, a1
        add     t4, t4, s0
        add     t4, t4, a6
        slli    t4, t4, 2
        add     s3, a4, t4              # pb
        slli    s9, a1, 4               # 4 rows of B: 4 * N * 4
        slli    s10, a1, 6              # 16 rows of B: the step per k-tile
        # shared store slots
        lui     s4, 0xC0000             # As
        slli    t4, t0, 8               # tx * 256: As[tx][...]
        add     t4, t4, s4
        slli    a7, t1, 2               # ty * 4
        add     s5, t4, a7              # &As[tx][ty]; q adds 64 bytes
        slli    t4, t6, 8               # (t/64) * 256
        slli    a6, a6, 2
        add     t4, t4, a6
        lui     t2, 0xC0001             # Bs
        add     t4, t4, t2
        addi    s6, t4, 1536            # &Bs[t/64][t%64] + 1536; q adds 1024 bytes
        # shared read bases, 2048 bytes into each tile
        addi    t4, s4, 2047
        addi    t4, t4, 1
        add     s7, t4, a7              # As + 2048 + ty*4
        slli    t4, t0, 2
        add     t4, t4, t2
        addi    t4, t4, 2047
        addi    s11, t4, 1              # Bs + 2048 + tx*4
        lui     t3, 0x80002             # barrier register
        slli    t4, a2, 2
        add     a6, s2, t4              # end of pa's walk along K
        fmv.w.x f16, zero
        fmv.w.x f17, zero
        fmv.w.x f18, zero
        fmv.w.x f19, zero
        fmv.w.x f20, zero
        fmv.w.x f21, zero
        fmv.w.x f22, zero
        fmv.w.x f23, zero
        fmv.w.x f24, zero
        fmv.w.x f25, zero
        fmv.w.x f26, zero
        fmv.w.x f27, zero
        fmv.w.x f28, zero
        fmv.w.x f29, zero
        fmv.w.x f30, zero
        fmv.w.x f31, zero
.Ltile:
        mv      t4, s2
        flw     f8, 0(t4)
        add     t4, t4, s8
        flw     f9, 0(t4)
        add     t4, t4, s8
        flw     f10, 0(t4)
        add     t4, t4, s8
        flw     f11, 0(t4)
        mv      t4, s3
        flw     f12, 0(t4)
        add     t4, t4, s9
        flw     f13, 0(t4)
        add     t4, t4, s9
        flw     f14, 0(t4)
        add     t4, t4, s9
        flw     f15, 0(t4)
        fsw     f8, 0(s5)
        fsw     f9, 64(s5)
        fsw     f10, 128(s5)
        fsw     f11, 192(s5)
        fsw     f12, -1536(s6)
        fsw     f13, -512(s6)
        fsw     f14, 512(s6)
        fsw     f15, 1536(s6)
        sw      zero, 0(t3)             # __syncthreads: the tiles are in shared memory
        flw     f0, -2048(s7)
        flw     f1, -1984(s7)
        flw     f2, -1920(s7)
        flw     f3, -1856(s7)
        flw     f4, -2048(s11)
        flw     f5, -1984(s11)
        flw     f6, -1920(s11)
        flw     f7, -1856(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, -1792(s7)
        flw     f1, -1728(s7)
        flw     f2, -1664(s7)
        flw     f3, -1600(s7)
        flw     f4, -1792(s11)
        flw     f5, -1728(s11)
        flw     f6, -1664(s11)
        flw     f7, -1600(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, -1536(s7)
        flw     f1, -1472(s7)
        flw     f2, -1408(s7)
        flw     f3, -1344(s7)
        flw     f4, -1536(s11)
        flw     f5, -1472(s11)
        flw     f6, -1408(s11)
        flw     f7, -1344(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, -1280(s7)
        flw     f1, -1216(s7)
        flw     f2, -1152(s7)
        flw     f3, -1088(s7)
        flw     f4, -1280(s11)
        flw     f5, -1216(s11)
        flw     f6, -1152(s11)
        flw     f7, -1088(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, -1024(s7)
        flw     f1, -960(s7)
        flw     f2, -896(s7)
        flw     f3, -832(s7)
        flw     f4, -1024(s11)
        flw     f5, -960(s11)
        flw     f6, -896(s11)
        flw     f7, -832(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, -768(s7)
        flw     f1, -704(s7)
        flw     f2, -640(s7)
        flw     f3, -576(s7)
        flw     f4, -768(s11)
        flw     f5, -704(s11)
        flw     f6, -640(s11)
        flw     f7, -576(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, -512(s7)
        flw     f1, -448(s7)
        flw     f2, -384(s7)
        flw     f3, -320(s7)
        flw     f4, -512(s11)
        flw     f5, -448(s11)
        flw     f6, -384(s11)
        flw     f7, -320(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, -256(s7)
        flw     f1, -192(s7)
        flw     f2, -128(s7)
        flw     f3, -64(s7)
        flw     f4, -256(s11)
        flw     f5, -192(s11)
        flw     f6, -128(s11)
        flw     f7, -64(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, 0(s7)
        flw     f1, 64(s7)
        flw     f2, 128(s7)
        flw     f3, 192(s7)
        flw     f4, 0(s11)
        flw     f5, 64(s11)
        flw     f6, 128(s11)
        flw     f7, 192(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, 256(s7)
        flw     f1, 320(s7)
        flw     f2, 384(s7)
        flw     f3, 448(s7)
        flw     f4, 256(s11)
        flw     f5, 320(s11)
        flw     f6, 384(s11)
        flw     f7, 448(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, 512(s7)
        flw     f1, 576(s7)
        flw     f2, 640(s7)
        flw     f3, 704(s7)
        flw     f4, 512(s11)
        flw     f5, 576(s11)
        flw     f6, 640(s11)
        flw     f7, 704(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, 768(s7)
        flw     f1, 832(s7)
        flw     f2, 896(s7)
        flw     f3, 960(s7)
        flw     f4, 768(s11)
        flw     f5, 832(s11)
        flw     f6, 896(s11)
        flw     f7, 960(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, 1024(s7)
        flw     f1, 1088(s7)
        flw     f2, 1152(s7)
        flw     f3, 1216(s7)
        flw     f4, 1024(s11)
        flw     f5, 1088(s11)
        flw     f6, 1152(s11)
        flw     f7, 1216(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, 1280(s7)
        flw     f1, 1344(s7)
        flw     f2, 1408(s7)
        flw     f3, 1472(s7)
        flw     f4, 1280(s11)
        flw     f5, 1344(s11)
        flw     f6, 1408(s11)
        flw     f7, 1472(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, 1536(s7)
        flw     f1, 1600(s7)
        flw     f2, 1664(s7)
        flw     f3, 1728(s7)
        flw     f4, 1536(s11)
        flw     f5, 1600(s11)
        flw     f6, 1664(s11)
        flw     f7, 1728(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        flw     f0, 1792(s7)
        flw     f1, 1856(s7)
        flw     f2, 1920(s7)
        flw     f3, 1984(s7)
        flw     f4, 1792(s11)
        flw     f5, 1856(s11)
        flw     f6, 1920(s11)
        flw     f7, 1984(s11)
        fmadd.s f16, f0, f4, f16
        fmadd.s f17, f0, f5, f17
        fmadd.s f18, f0, f6, f18
        fmadd.s f19, f0, f7, f19
        fmadd.s f20, f1, f4, f20
        fmadd.s f21, f1, f5, f21
        fmadd.s f22, f1, f6, f22
        fmadd.s f23, f1, f7, f23
        fmadd.s f24, f2, f4, f24
        fmadd.s f25, f2, f5, f25
        fmadd.s f26, f2, f6, f26
        fmadd.s f27, f2, f7, f27
        fmadd.s f28, f3, f4, f28
        fmadd.s f29, f3, f5, f29
        fmadd.s f30, f3, f6, f30
        fmadd.s f31, f3, f7, f31
        sw      zero, 0(t3)             # __syncthreads: everyone is done with the tiles
        addi    s2, s2, 64
        add     s3, s3, s10
        bltu    s2, a6, .Ltile
        add     t4, s1, t1              # row by*64 + ty
        mul     t4, t4, a1
        add     t4, t4, s0
        add     t4, t4, t0              # + bx*64 + tx
        slli    t4, t4, 2
        add     t4, a5, t4              # &C[row][col]
        slli    t5, a1, 6               # 16 rows of C
        fsw     f16, 0(t4)
        fsw     f17, 64(t4)
        fsw     f18, 128(t4)
        fsw     f19, 192(t4)
        add     t4, t4, t5
        fsw     f20, 0(t4)
        fsw     f21, 64(t4)
        fsw     f22, 128(t4)
        fsw     f23, 192(t4)
        add     t4, t4, t5
        fsw     f24, 0(t4)
        fsw     f25, 64(t4)
        fsw     f26, 128(t4)
        fsw     f27, 192(t4)
        add     t4, t4, t5
        fsw     f28, 0(t4)
        fsw     f29, 64(t4)
        fsw     f30, 128(t4)
        fsw     f31, 192(t4)
        ret
