# rv32f_cvt.S: F conversions: fcvt.w.s / fcvt.wu.s in every rounding mode (ties, rtz toward
# zero, rdn/rup), saturation with NV for out-of-range values, infinities and NaNs (NaN gives the
# largest value of either sign), small negative values for fcvt.wu.s (NX when they round to 0,
# NV when they round to -1); fcvt.s.w / fcvt.s.wu rounding of values above 2^24, INT_MIN,
# UINT_MAX, zero always +0; dyn from frm.
# Self-checking, riscv-tests convention (see rv32i_alu.S).
# Generated from src/rv32f_cvt.in by src/number.py (shorthands expanded, cases numbered): edit the .in.
    .option norelax
    .text
    .globl test_main
test_main:
    fscsr zero
    li gp, 1; fsflags zero; li t0, 0x3f8ccccd; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rtz; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 2; fsflags zero; li t0, 0xbf8ccccd; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rtz; fsflags a1, zero; li t2, -1; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 3; fsflags zero; li t0, 0x3fc00000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rne; fsflags a1, zero; li t2, 2; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 4; fsflags zero; li t0, 0x40200000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rne; fsflags a1, zero; li t2, 2; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 5; fsflags zero; li t0, 0xc0200000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rne; fsflags a1, zero; li t2, -2; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 6; fsflags zero; li t0, 0x40200000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rmm; fsflags a1, zero; li t2, 3; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 7; fsflags zero; li t0, 0xc0200000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rmm; fsflags a1, zero; li t2, -3; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 8; fsflags zero; li t0, 0x40200000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rup; fsflags a1, zero; li t2, 3; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 9; fsflags zero; li t0, 0xc0200000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rdn; fsflags a1, zero; li t2, -3; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 10; fsflags zero; li t0, 0xc0200000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rup; fsflags a1, zero; li t2, -2; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 11; fsflags zero; li t0, 0x40200000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rdn; fsflags a1, zero; li t2, 2; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 12; fsflags zero; li t0, 0x4f32d05e; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rtz; fsflags a1, zero; li t2, 0x7fffffff; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 13; fsflags zero; li t0, 0xcf32d05e; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rtz; fsflags a1, zero; li t2, 0x80000000; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 14; fsflags zero; li t0, 0x7f800000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rtz; fsflags a1, zero; li t2, 0x7fffffff; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 15; fsflags zero; li t0, 0xff800000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rtz; fsflags a1, zero; li t2, 0x80000000; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 16; fsflags zero; li t0, 0x7fc00000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rtz; fsflags a1, zero; li t2, 0x7fffffff; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 17; fsflags zero; li t0, 0xffc00000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rtz; fsflags a1, zero; li t2, 0x7fffffff; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 18; fsflags zero; li t0, 0x7f800001; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rtz; fsflags a1, zero; li t2, 0x7fffffff; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 19; fsflags zero; li t0, 0xcf000000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rtz; fsflags a1, zero; li t2, 0x80000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 20; fsflags zero; li t0, 0x4f000000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rtz; fsflags a1, zero; li t2, 0x7fffffff; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 21; fsflags zero; li t0, 0x4effffff; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rne; fsflags a1, zero; li t2, 0x7fffff80; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 22; fsflags zero; li t0, 0x80000000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rne; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 23; fsflags zero; li t0, 0x00000001; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rne; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 24; fsflags zero; li t0, 0x00000001; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rup; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 25; fsflags zero; li t0, 0x80000001; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rdn; fsflags a1, zero; li t2, -1; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 26; fsflags zero; li t0, 0x3f000000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rne; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 27; fsflags zero; li t0, 0x3f000000; fmv.w.x fa1, t0; fcvt.w.s a0, fa1, rmm; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 28; fsflags zero; li t0, 0xbf800000; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rtz; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 29; fsflags zero; li t0, 0xbf000000; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rtz; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 30; fsflags zero; li t0, 0xbf000000; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rdn; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 31; fsflags zero; li t0, 0xbf000000; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rne; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 32; fsflags zero; li t0, 0x4f6e6b28; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rtz; fsflags a1, zero; li t2, 0xee6b2800; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 33; fsflags zero; li t0, 0x4f9502f9; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rtz; fsflags a1, zero; li t2, 0xffffffff; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 34; fsflags zero; li t0, 0x7fc00000; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rtz; fsflags a1, zero; li t2, 0xffffffff; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
# the fail block is here, in the middle, so that every branch to it is in range
    j 1f
fail:
    slli a0, gp, 1
    ori a0, a0, 1
    li a7, 93
    ecall
1:
    li gp, 35; fsflags zero; li t0, 0xffc00000; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rtz; fsflags a1, zero; li t2, 0xffffffff; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 36; fsflags zero; li t0, 0xff800000; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rtz; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 37; fsflags zero; li t0, 0x7f800000; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rtz; fsflags a1, zero; li t2, 0xffffffff; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 38; fsflags zero; li t0, 0x4f7fffff; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rne; fsflags a1, zero; li t2, 0xffffff00; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 39; fsflags zero; li t0, 0x4f800000; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rne; fsflags a1, zero; li t2, 0xffffffff; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 40; fsflags zero; li t0, 0x3f8ccccd; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rup; fsflags a1, zero; li t2, 2; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 41; fsflags zero; li t0, 0x80000000; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rne; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 42; fsflags zero; li t0, 0x3f000000; fmv.w.x fa1, t0; fcvt.wu.s a0, fa1, rmm; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 43; fsflags zero; li t1, 16777217; fcvt.s.w fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x4b800000; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 44; fsflags zero; li t1, 16777217; fcvt.s.w fa0, t1, rup; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x4b800001; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 45; fsflags zero; li t1, 16777217; fcvt.s.w fa0, t1, rtz; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x4b800000; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 46; fsflags zero; li t1, 16777217; fcvt.s.w fa0, t1, rmm; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x4b800001; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 47; fsflags zero; li t1, -16777217; fcvt.s.w fa0, t1, rdn; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xcb800001; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 48; fsflags zero; li t1, -16777217; fcvt.s.w fa0, t1, rup; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xcb800000; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 49; fsflags zero; li t1, 16777219; fcvt.s.w fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x4b800002; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 50; fsflags zero; li t1, 16777219; fcvt.s.w fa0, t1, rmm; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x4b800002; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 51; fsflags zero; li t1, 0x80000000; fcvt.s.w fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xcf000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 52; fsflags zero; li t1, 0x7fffffff; fcvt.s.w fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x4f000000; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 53; fsflags zero; li t1, 0x7fffffff; fcvt.s.w fa0, t1, rtz; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x4effffff; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 54; fsflags zero; li t1, 0; fcvt.s.w fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x00000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 55; fsflags zero; li t1, 0; fcvt.s.w fa0, t1, rdn; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x00000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 56; fsflags zero; li t1, -1; fcvt.s.w fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xbf800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 57; fsflags zero; li t1, 0xffffffff; fcvt.s.wu fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x4f800000; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 58; fsflags zero; li t1, 0xffffffff; fcvt.s.wu fa0, t1, rtz; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x4f7fffff; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 59; fsflags zero; li t1, 0x80000000; fcvt.s.wu fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x4f000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 60; fsflags zero; li t1, 1; fcvt.s.wu fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 61; fsflags zero; li t1, 0; fcvt.s.wu fa0, t1, rdn; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x00000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 62; fsflags zero; li t1, 0x80000001; fcvt.s.wu fa0, t1, rup; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x4f000001; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
# dyn (the default when no mode is written) takes frm
    li gp, 63; li t0, 0x40200000; fmv.w.x fa1, t0; fsrmi 3; fcvt.w.s a0, fa1; li t2, 3; bne a0, t2, fail
    li gp, 64; fsrmi 2; fcvt.w.s a0, fa1, dyn; li t2, 2; bne a0, t2, fail
    li gp, 65; fsrmi 4; fcvt.wu.s a0, fa1; li t2, 3; bne a0, t2, fail
    li gp, 66; fsrmi 1; li t1, 16777217; fcvt.s.w fa0, t1; fmv.x.w a0, fa0; li t2, 0x4b800000; bne a0, t2, fail
    li gp, 67; fsrmi 3; fcvt.s.wu fa0, t1; fmv.x.w a0, fa0; li t2, 0x4b800001; bne a0, t2, fail
    li gp, 68; fsrmi 0; fcvt.w.s a0, fa1, rup; li t2, 3; bne a0, t2, fail; frflags a1; li t2, 0x01; bne a1, t2, fail
# results into x0 are discarded, the flags are not
    li gp, 69; fsflags zero; li t0, 0x7f800000; fmv.w.x fa1, t0; fcvt.w.s x0, fa1, rtz; bnez x0, fail; frflags a1; li t2, 0x10; bne a1, t2, fail
    j pass
pass:
    li a0, 0
    li a7, 93
    ecall
