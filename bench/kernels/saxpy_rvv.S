# saxpy_rvv.S: y[i] = a * x[i] + y[i] with RVV 1.0 (each SIMT lane drives its own vector unit).
#
# Arguments (a0 points at 32-bit words): n, a (f32), x, y, chunk -- the same as saxpy.S.
# Launch: block (128), grid (n / chunk). Block b owns elements [b*chunk, (b+1)*chunk); every
# iteration a thread handles VLMAX consecutive elements (e32, m8: 32 at VLEN 128) of a strip
# of 128 * VLMAX, so one vector instruction does the work of VLMAX scalar ones.
        .text
        .globl  saxpy_rvv
saxpy_rvv:
        flw     fa0, 4(a0)              # a
        lw      a1, 8(a0)               # x
        lw      a2, 12(a0)              # y
        lw      a3, 16(a0)              # chunk
        csrr    t1, vx_tid_x
        csrr    t2, vx_bid_x
        mul     t3, t2, a3              # first element of the block
        add     t4, t3, a3              # end of the block
        vsetvli t5, zero, e32, m8, ta, ma
        mul     t6, t1, t5
        add     t3, t3, t6              # this thread's first element
        csrr    s0, vx_bdim_x
        mul     s0, s0, t5              # elements per strip of the block
.Lloop:
        bgeu    t3, t4, .Ldone
        sub     s1, t4, t3
        vsetvli s1, s1, e32, m8, ta, ma
        slli    s2, t3, 2
        add     s3, a1, s2
        add     s4, a2, s2
        vle32.v v8, (s3)
        vle32.v v16, (s4)
        vfmacc.vf v16, fa0, v8          # one rounding, as fmadd.s
        vse32.v v16, (s4)
        add     t3, t3, s0
        j       .Lloop
.Ldone:
        ret
