# mandelbrot.S: escape-time iteration counts, the divergence-heavy case (rvsimt bench, native ABI).
#
#   c = (x0 + px * dx, y0 + py * dy); z = 0; count the iterations n < maxIter with |z|^2 <= 4
#
# Arguments: width, height, maxIter, x0, y0, dx, dy (f32), out (i32, row-major).
# Launch: block (32, 8), grid (ceil(width/32), ceil(height/8)). Lanes of a warp are 32
# neighbouring pixels of a row; each leaves the loop when its point escapes, so warps run
# with fewer and fewer active lanes until the slowest one is done (the SIMT efficiency
# column shows how much). Plain fmul/fadd/fsub (no fused ops), so the float results are
# reproducible exactly by the Java and C references.
        .text
        .globl  mandelbrot
mandelbrot:
        lw      a1, 0(a0)               # width
        lw      a2, 4(a0)               # height
        lw      a3, 8(a0)               # maxIter
        csrr    t0, vx_tid_x
        csrr    t1, vx_bid_x
        slli    t1, t1, 5
        add     t0, t0, t1              # px
        csrr    t1, vx_tid_y
        csrr    t2, vx_bid_y
        slli    t2, t2, 3
        add     t1, t1, t2              # py
        bgeu    t0, a1, .Ldone
        bgeu    t1, a2, .Ldone
        flw     fa0, 12(a0)             # x0
        flw     fa1, 16(a0)             # y0
        flw     fa2, 20(a0)             # dx
        flw     fa3, 24(a0)             # dy
        fcvt.s.w ft0, t0
        fmul.s  ft0, ft0, fa2
        fadd.s  fa4, fa0, ft0           # cx = x0 + px * dx
        fcvt.s.w ft0, t1
        fmul.s  ft0, ft0, fa3
        fadd.s  fa5, fa1, ft0           # cy = y0 + py * dy
        lui     t2, 0x40800
        fmv.w.x fa6, t2                 # 4.0
        fmv.w.x ft1, zero               # zx
        fmv.w.x ft2, zero               # zy
        li      t3, 0                   # n
        bge     t3, a3, 2f
1:      fmul.s  ft3, ft1, ft1           # zx^2
        fmul.s  ft4, ft2, ft2           # zy^2
        fadd.s  ft5, ft3, ft4
        flt.s   t4, fa6, ft5            # escaped: |z|^2 > 4
        bnez    t4, 2f
        fmul.s  ft5, ft1, ft2
        fadd.s  ft5, ft5, ft5
        fadd.s  ft2, ft5, fa5           # zy = 2 zx zy + cy
        fsub.s  ft5, ft3, ft4
        fadd.s  ft1, ft5, fa4           # zx = zx^2 - zy^2 + cx
        addi    t3, t3, 1
        blt     t3, a3, 1b
2:      mul     t2, t1, a1
        add     t2, t2, t0
        slli    t2, t2, 2
        lw      t4, 28(a0)              # out
        add     t2, t2, t4
        sw      t3, 0(t2)
.Ldone:
        ret
