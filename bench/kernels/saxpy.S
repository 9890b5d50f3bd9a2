# saxpy.S: y[i] = a * x[i] + y[i], tuned for the simulator (rvsimt bench, native ABI).
#
# Arguments (a0 points at 32-bit words): n, a (f32), x, y, chunk.
# Launch: block (128), grid (n / chunk); chunk is a multiple of 512 and n = grid * chunk.
# Block b owns elements [b*chunk, (b+1)*chunk). Each loop iteration a thread handles four
# elements 128 apart, so the 32 lanes of a warp always touch 32 consecutive floats, and the
# four offsets (0, 512, 1024, 1536 bytes) fit in load/store immediates. 19 instructions per
# four elements; no bounds checks (the host sizes the launch exactly).
        .text
        .globl  saxpy
saxpy:
        flw     fa0, 4(a0)              # a
        lw      t1, 8(a0)               # x
        lw      t2, 12(a0)              # y
        lw      t0, 16(a0)              # chunk (elements per block)
        csrr    t3, vx_tid_x
        csrr    t4, vx_bid_x
        mul     t4, t4, t0
        add     t4, t4, t3              # first element of this thread
        slli    t4, t4, 2
        add     t1, t1, t4
        add     t2, t2, t4
        slli    t0, t0, 2
        add     t5, t1, t0              # x pointer past this thread's part of the chunk
        li      t6, 2048                # four rows of 128 floats
.Lloop:
        flw     ft0, 0(t1)
        flw     ft1, 512(t1)
        flw     ft2, 1024(t1)
        flw     ft3, 1536(t1)
        flw     ft4, 0(t2)
        flw     ft5, 512(t2)
        flw     ft6, 1024(t2)
        flw     ft7, 1536(t2)
        fmadd.s ft4, fa0, ft0, ft4
        fmadd.s ft5, fa0, ft1, ft5
        fmadd.s ft6, fa0, ft2, ft6
        fmadd.s ft7, fa0, ft3, ft7
        fsw     ft4, 0(t2)
        fsw     ft5, 512(t2)
        fsw     ft6, 1024(t2)
        fsw     ft7, 1536(t2)
        add     t1, t1, t6
        add     t2, t2, t6
        bltu    t1, t5, .Lloop
        ret
