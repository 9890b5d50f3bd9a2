# memcheck: each thread loads a 4x4 tile of A (f32, rows 16 bytes apart) at A + 64 x tid with
# mlae32, but A holds 4 x 16 - 1 floats: thread 3's last element (row 3, column 3) lies past its end.
        .globl  tiles
tiles:
        csrr    t0, vx_tid_x
        lw      a1, 0(a0)               # A
        slli    t1, t0, 6               # 64 bytes per thread
        add     a1, a1, t1
        li      t2, 4
        msettilem t2
        msettilek t2
        li      t3, 16
        mlae32  tr0, (a1), t3
        ret
