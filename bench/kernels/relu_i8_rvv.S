# relu_i8_rvv.S: relu_i8.S with RVV 1.0 at e8, m8 (each SIMT lane drives its own vector unit).
#
# Arguments and launch as relu_i8.S. Every iteration a thread handles VLMAX consecutive bytes (128 at
# VLEN 128) of a strip of 128 * VLMAX: a compare into the mask v0, a masked vand that zeroes the
# negative elements (the others stay as loaded), the store, and vredmaxu folding the strip into the
# thread's running maximum; one amomaxu.w per thread at the end, as in the scalar kernel.
        .text
        .globl  relu_i8_rvv
relu_i8_rvv:
        lw      a1, 4(a0)               # x
        lw      a2, 8(a0)               # out
        lw      a3, 12(a0)              # maxes
        lw      a4, 16(a0)              # chunk
        csrr    t1, vx_tid_x
        csrr    t2, vx_bid_x
        mul     t3, t2, a4              # first element of the block
        add     t4, t3, a4              # end of the block
        slli    t2, t2, 2
        add     a3, a3, t2              # this block's max word
        vsetvli t5, zero, e8, m8, ta, ma
        vmv.v.i v24, 0                  # v24[0]: this thread's largest output so far
        mul     t6, t1, t5
        add     t3, t3, t6              # this thread's first element
        csrr    s0, vx_bdim_x
        mul     s0, s0, t5              # elements per strip of the block
.Lloop:
        bgeu    t3, t4, .Ldone
        sub     s1, t4, t3
        vsetvli s1, s1, e8, m8, ta, ma
        add     s3, a1, t3
        add     s4, a2, t3
        vle8.v  v8, (s3)
        vmslt.vx v0, v8, zero           # the negative elements ...
        vand.vi v8, v8, 0, v0.t         # ... become 0
        vse8.v  v8, (s4)
        vredmaxu.vs v24, v8, v24        # the running maximum (every output is >= 0)
        add     t3, t3, s0
        j       .Lloop
.Ldone:
        vmv.x.s t0, v24
        amomaxu.w zero, t0, (a3)
        ret
