# memcheck: each thread doubles its 8 floats of x with one vector load and store (e32, m2), but x
# holds 8 x 32 - 2 floats: thread 31's last two elements lie past its end.
        .globl  double8
double8:
        csrr    t0, vx_tid_x
        lw      a1, 0(a0)               # x
        slli    t1, t0, 5               # 32 bytes per thread
        add     a1, a1, t1
        li      t2, 8
        vsetvli t3, t2, e32, m2, ta, ma
        vle32.v v2, (a1)
        vfadd.vv v2, v2, v2
        vse32.v v2, (a1)
        ret
