# rv32f_misc.S: F non-arithmetic instructions: sign injection (fsgnj/fsgnjn/fsgnjx and the
# fmv.s/fneg.s/fabs.s aliases; NaN payloads kept, no flags), fmin/fmax (IEEE 754-2008
# minimumNumber/maximumNumber: a quiet NaN loses, -0 < +0, NV only for signalling NaNs, canonical
# NaN when both are NaN), feq (quiet) and flt/fle (signalling) compares, fclass of every class,
# fmv.x.w/fmv.w.x and flw/fsw moving raw bits (signalling NaNs unchanged, no flags).
# Self-checking, riscv-tests convention (see rv32i_alu.S).
# Generated from src/rv32f_misc.in by src/number.py (shorthands expanded, cases numbered): edit the .in.
    .option norelax
    .text
    .globl test_main
test_main:
    fscsr zero
# sign injection
    li gp, 1; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0xc0000000; fmv.w.x fa2, t0; fsgnj.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xbf800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 2; fsflags zero; li t0, 0xbf800000; fmv.w.x fa1, t0; li t0, 0x40000000; fmv.w.x fa2, t0; fsgnj.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 3; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0xc0000000; fmv.w.x fa2, t0; fsgnjn.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 4; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x40000000; fmv.w.x fa2, t0; fsgnjn.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xbf800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 5; fsflags zero; li t0, 0xbf800000; fmv.w.x fa1, t0; li t0, 0xc0000000; fmv.w.x fa2, t0; fsgnjx.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 6; fsflags zero; li t0, 0xbf800000; fmv.w.x fa1, t0; li t0, 0x40000000; fmv.w.x fa2, t0; fsgnjx.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xbf800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 7; fsflags zero; li t0, 0x7fc12345; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; fsgnjn.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffc12345; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 8; fsflags zero; li t0, 0x7f800001; fmv.w.x fa1, t0; li t0, 0x80000000; fmv.w.x fa2, t0; fsgnj.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xff800001; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 9; fsflags zero; li t0, 0xff800001; fmv.w.x fa1, t0; li t0, 0x80000000; fmv.w.x fa2, t0; fsgnjx.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7f800001; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 10; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; fneg.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xbf800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 11; fsflags zero; li t0, 0x00000000; fmv.w.x fa1, t0; fneg.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x80000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 12; fsflags zero; li t0, 0xff800001; fmv.w.x fa1, t0; fabs.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7f800001; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 13; fsflags zero; li t0, 0x80000000; fmv.w.x fa1, t0; fabs.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x00000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 14; fsflags zero; li t0, 0x7f800001; fmv.w.x fa1, t0; fmv.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7f800001; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# fmin / fmax
    li gp, 15; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x40000000; fmv.w.x fa2, t0; fmin.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 16; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x40000000; fmv.w.x fa2, t0; fmax.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x40000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 17; fsflags zero; li t0, 0xbf800000; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; fmin.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xbf800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 18; fsflags zero; li t0, 0xbf800000; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; fmax.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 19; fsflags zero; li t0, 0x80000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa2, t0; fmin.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x80000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 20; fsflags zero; li t0, 0x00000000; fmv.w.x fa1, t0; li t0, 0x80000000; fmv.w.x fa2, t0; fmin.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x80000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 21; fsflags zero; li t0, 0x80000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa2, t0; fmax.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x00000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 22; fsflags zero; li t0, 0x00000000; fmv.w.x fa1, t0; li t0, 0x80000000; fmv.w.x fa2, t0; fmax.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x00000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 23; fsflags zero; li t0, 0x7fc00000; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; fmin.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 24; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x7fc00000; fmv.w.x fa2, t0; fmax.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 25; fsflags zero; li t0, 0x7f800001; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; fmin.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 26; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x7f800001; fmv.w.x fa2, t0; fmax.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 27; fsflags zero; li t0, 0x7fc00000; fmv.w.x fa1, t0; li t0, 0x7fc00000; fmv.w.x fa2, t0; fmin.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7fc00000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 28; fsflags zero; li t0, 0xffc12345; fmv.w.x fa1, t0; li t0, 0x7fc54321; fmv.w.x fa2, t0; fmin.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7fc00000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 29; fsflags zero; li t0, 0x7f800001; fmv.w.x fa1, t0; li t0, 0x7f800001; fmv.w.x fa2, t0; fmax.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7fc00000; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 30; fsflags zero; li t0, 0xff800000; fmv.w.x fa1, t0; li t0, 0x7f7fffff; fmv.w.x fa2, t0; fmin.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xff800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 31; fsflags zero; li t0, 0xff800000; fmv.w.x fa1, t0; li t0, 0x7f800000; fmv.w.x fa2, t0; fmax.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 32; fsflags zero; li t0, 0x00000001; fmv.w.x fa1, t0; li t0, 0x80000001; fmv.w.x fa2, t0; fmax.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x00000001; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 33; fsflags zero; li t0, 0x00000001; fmv.w.x fa1, t0; li t0, 0x80000001; fmv.w.x fa2, t0; fmin.s fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x80000001; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# compares: feq is quiet, flt and fle signal on any NaN
    li gp, 34; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; feq.s a0, fa1, fa2; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 35; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x40000000; fmv.w.x fa2, t0; feq.s a0, fa1, fa2; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 36; fsflags zero; li t0, 0x7fc00000; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; feq.s a0, fa1, fa2; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# the fail block is here, in the middle, so that every branch to it is in range
    j 1f
fail:
    slli a0, gp, 1
    ori a0, a0, 1
    li a7, 93
    ecall
1:
    li gp, 37; fsflags zero; li t0, 0x7fc00000; fmv.w.x fa1, t0; li t0, 0x7fc00000; fmv.w.x fa2, t0; feq.s a0, fa1, fa2; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 38; fsflags zero; li t0, 0x7f800001; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; feq.s a0, fa1, fa2; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 39; fsflags zero; li t0, 0x80000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa2, t0; feq.s a0, fa1, fa2; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 40; fsflags zero; li t0, 0x7f800000; fmv.w.x fa1, t0; li t0, 0x7f800000; fmv.w.x fa2, t0; feq.s a0, fa1, fa2; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 41; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x40000000; fmv.w.x fa2, t0; flt.s a0, fa1, fa2; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 42; fsflags zero; li t0, 0x40000000; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; flt.s a0, fa1, fa2; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 43; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; flt.s a0, fa1, fa2; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 44; fsflags zero; li t0, 0x80000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa2, t0; flt.s a0, fa1, fa2; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 45; fsflags zero; li t0, 0x7fc00000; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; flt.s a0, fa1, fa2; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 46; fsflags zero; li t0, 0xff800000; fmv.w.x fa1, t0; li t0, 0x7f800000; fmv.w.x fa2, t0; flt.s a0, fa1, fa2; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 47; fsflags zero; li t0, 0x80000001; fmv.w.x fa1, t0; li t0, 0x00000001; fmv.w.x fa2, t0; flt.s a0, fa1, fa2; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 48; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; fle.s a0, fa1, fa2; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 49; fsflags zero; li t0, 0x80000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa2, t0; fle.s a0, fa1, fa2; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 50; fsflags zero; li t0, 0x40000000; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; fle.s a0, fa1, fa2; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 51; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x7fc00000; fmv.w.x fa2, t0; fle.s a0, fa1, fa2; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 52; fsflags zero; li t0, 0x7f800001; fmv.w.x fa1, t0; li t0, 0x7f800001; fmv.w.x fa2, t0; fle.s a0, fa1, fa2; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
# fclass: one bit per class
    li gp, 53; fsflags zero; li t0, 0xff800000; fmv.w.x fa1, t0; fclass.s a0, fa1; fsflags a1, zero; li t2, 0x001; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 54; fsflags zero; li t0, 0xbf800000; fmv.w.x fa1, t0; fclass.s a0, fa1; fsflags a1, zero; li t2, 0x002; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 55; fsflags zero; li t0, 0x807fffff; fmv.w.x fa1, t0; fclass.s a0, fa1; fsflags a1, zero; li t2, 0x004; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 56; fsflags zero; li t0, 0x80000000; fmv.w.x fa1, t0; fclass.s a0, fa1; fsflags a1, zero; li t2, 0x008; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 57; fsflags zero; li t0, 0x00000000; fmv.w.x fa1, t0; fclass.s a0, fa1; fsflags a1, zero; li t2, 0x010; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 58; fsflags zero; li t0, 0x00000001; fmv.w.x fa1, t0; fclass.s a0, fa1; fsflags a1, zero; li t2, 0x020; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 59; fsflags zero; li t0, 0x7f7fffff; fmv.w.x fa1, t0; fclass.s a0, fa1; fsflags a1, zero; li t2, 0x040; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 60; fsflags zero; li t0, 0x00800000; fmv.w.x fa1, t0; fclass.s a0, fa1; fsflags a1, zero; li t2, 0x040; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 61; fsflags zero; li t0, 0x7f800000; fmv.w.x fa1, t0; fclass.s a0, fa1; fsflags a1, zero; li t2, 0x080; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 62; fsflags zero; li t0, 0x7f800001; fmv.w.x fa1, t0; fclass.s a0, fa1; fsflags a1, zero; li t2, 0x100; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 63; fsflags zero; li t0, 0xffbfffff; fmv.w.x fa1, t0; fclass.s a0, fa1; fsflags a1, zero; li t2, 0x100; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 64; fsflags zero; li t0, 0x7fc00000; fmv.w.x fa1, t0; fclass.s a0, fa1; fsflags a1, zero; li t2, 0x200; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 65; fsflags zero; li t0, 0xffc00001; fmv.w.x fa1, t0; fclass.s a0, fa1; fsflags a1, zero; li t2, 0x200; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# moves keep raw bits
    li gp, 66; li t0, 0xff800001; fmv.w.x fa0, t0; fmv.x.w a0, fa0; bne a0, t0, fail; frflags a1; bnez a1, fail
    li gp, 67; li t0, 0x7fa5a5a5; fmv.s.x fa0, t0; fmv.x.s a0, fa0; bne a0, t0, fail
    li gp, 68; la s0, fdat; li t0, 0x7f800001; sw t0, 0(s0); flw fa0, 0(s0); fsw fa0, 4(s0); lw a0, 4(s0); bne a0, t0, fail; frflags a1; bnez a1, fail
    li gp, 69; la s1, fdat + 16; flw fa1, -12(s1); fsw fa1, 8(s0); lw a0, 8(s0); li t2, 0x7f800001; bne a0, t2, fail
    li gp, 70; li t0, 0x80000000; fmv.w.x ft11, t0; fsw ft11, 12(s0); lw a0, 12(s0); bne a0, t0, fail; flw f31, 12(s0); fmv.x.w a1, f31; bne a1, t0, fail
    li gp, 71; flw fs0, fdat + 12, t3; fmv.x.w a0, fs0; li t2, 0x80000000; bne a0, t2, fail
    li gp, 72; li t0, 0x3f800000; fmv.w.x ft0, t0; fsw ft0, fdat + 16, t3; lw a0, 16(s0); bne a0, t0, fail
# fmv.x.w and compares into x0 are discarded
    li gp, 73; fmv.x.w x0, ft0; feq.s x0, ft0, ft0; fclass.s zero, ft0; bnez x0, fail
    j pass
pass:
    li a0, 0
    li a7, 93
    ecall

    .data
    .p2align 4
fdat:
    .zero 32
