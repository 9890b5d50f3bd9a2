# zfh.S: Zfh and Zfhmin: half-precision values NaN-boxed in the 32-bit f registers (upper 16 bits
# all ones; an operand that is not NaN-boxed reads as the canonical NaN 0x7e00, results are
# boxed); the arithmetic in every static rounding mode and dyn with ties, overflow (to infinity or
# to 65504 depending on the mode), gradual underflow with UF after rounding, division by zero,
# invalid operations and NaN inputs; a fused multiply-add whose binary32 rounding followed by a
# binary16 one would be wrong; conversions to and from binary32 and integers; moves, loads and
# stores, which keep every bit; sign injection, min/max, compares and classify.
# Expected values are worked out from the definitions (1.0 = 0x3c00, 65504 = 0x7bff, 2^-24 = 0x0001).
# Self-checking, riscv-tests convention (see rv32i_alu.S).
# Generated from src/zfh.in by src/number.py (shorthands expanded, cases numbered): edit the .in.
    .option norelax
    .option arch, +zfh
    .text
    .globl test_main
test_main:
    fscsr zero
# 1 + 2^-11 is the tie between 1 and 1 + 2^-10
    li gp, 1; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff1000; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3c00; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 2; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff1000; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rtz; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3c00; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 3; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff1000; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rdn; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3c00; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 4; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff1000; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rup; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3c01; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 5; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff1000; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rmm; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3c01; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 6; fsflags zero; li t0, 0xffffbc00; fmv.w.x fa1, t0; li t0, 0xffff9000; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rdn; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffffbc01; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 7; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff3c01; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff4000; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 8; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff3c00; fmv.w.x fa2, t0; fsub.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff0000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 9; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff3c00; fmv.w.x fa2, t0; fsub.h fa0, fa1, fa2, rdn; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff8000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# 65504 + 65504 overflows; 65504 + 16 = 65520 is the tie with 2^16, which rounds to infinity
    li gp, 10; fsflags zero; li t0, 0xffff7bff; fmv.w.x fa1, t0; li t0, 0xffff7bff; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7c00; bne a0, t2, fail; li t2, 5; bne a1, t2, fail
    li gp, 11; fsflags zero; li t0, 0xffff7bff; fmv.w.x fa1, t0; li t0, 0xffff7bff; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rtz; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7bff; bne a0, t2, fail; li t2, 5; bne a1, t2, fail
    li gp, 12; fsflags zero; li t0, 0xffffFbff; fmv.w.x fa1, t0; li t0, 0xffffFbff; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rdn; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffffFc00; bne a0, t2, fail; li t2, 5; bne a1, t2, fail
    li gp, 13; fsflags zero; li t0, 0xffffFbff; fmv.w.x fa1, t0; li t0, 0xffffFbff; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rup; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffffFbff; bne a0, t2, fail; li t2, 5; bne a1, t2, fail
    li gp, 14; fsflags zero; li t0, 0xffff7bff; fmv.w.x fa1, t0; li t0, 0xffff4c00; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7c00; bne a0, t2, fail; li t2, 5; bne a1, t2, fail
    li gp, 15; fsflags zero; li t0, 0xffff7bff; fmv.w.x fa1, t0; li t0, 0xffff4c00; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rtz; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7bff; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 16; fsflags zero; li t0, 0xffff7c00; fmv.w.x fa1, t0; li t0, 0xfffffc00; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7e00; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 17; fsflags zero; li t0, 0xffff7c01; fmv.w.x fa1, t0; li t0, 0xffff3c00; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7e00; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 18; fsflags zero; li t0, 0xffff7e00; fmv.w.x fa1, t0; li t0, 0xffff3c00; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7e00; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# an operand that is not NaN-boxed is the canonical NaN (quiet: no flag)
    li gp, 19; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0xffff3c00; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7e00; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 20; fsflags zero; li t0, 0xfffe3c00; fmv.w.x fa1, t0; li t0, 0xffff3c00; fmv.w.x fa2, t0; fadd.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7e00; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# 2^-24 * 0.5 is the tie between 0 and 2^-24: tiny and inexact
    li gp, 21; fsflags zero; li t0, 0xffff0001; fmv.w.x fa1, t0; li t0, 0xffff3800; fmv.w.x fa2, t0; fmul.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff0000; bne a0, t2, fail; li t2, 3; bne a1, t2, fail
    li gp, 22; fsflags zero; li t0, 0xffff0001; fmv.w.x fa1, t0; li t0, 0xffff3800; fmv.w.x fa2, t0; fmul.h fa0, fa1, fa2, rup; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff0001; bne a0, t2, fail; li t2, 3; bne a1, t2, fail
    li gp, 23; fsflags zero; li t0, 0xffff8001; fmv.w.x fa1, t0; li t0, 0xffff3800; fmv.w.x fa2, t0; fmul.h fa0, fa1, fa2, rmm; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff8001; bne a0, t2, fail; li t2, 3; bne a1, t2, fail
# 2^-14 * (1 - 2^-11) rounds up to 2^-14 but is tiny after rounding to 11 bits: UF
    li gp, 24; fsflags zero; li t0, 0xffff0400; fmv.w.x fa1, t0; li t0, 0xffff3bff; fmv.w.x fa2, t0; fmul.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff0400; bne a0, t2, fail; li t2, 3; bne a1, t2, fail
    li gp, 25; fsflags zero; li t0, 0xffff4200; fmv.w.x fa1, t0; li t0, 0xffff4200; fmv.w.x fa2, t0; fmul.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff4880; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 26; fsflags zero; li t0, 0xffff7c00; fmv.w.x fa1, t0; li t0, 0xffff0000; fmv.w.x fa2, t0; fmul.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7e00; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 27; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff4200; fmv.w.x fa2, t0; fdiv.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3555; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 28; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff4200; fmv.w.x fa2, t0; fdiv.h fa0, fa1, fa2, rup; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3556; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 29; fsflags zero; li t0, 0xffffbc00; fmv.w.x fa1, t0; li t0, 0xffff4200; fmv.w.x fa2, t0; fdiv.h fa0, fa1, fa2, rtz; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffffb555; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 30; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff0000; fmv.w.x fa2, t0; fdiv.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7c00; bne a0, t2, fail; li t2, 8; bne a1, t2, fail
    li gp, 31; fsflags zero; li t0, 0xffffbc00; fmv.w.x fa1, t0; li t0, 0xffff0000; fmv.w.x fa2, t0; fdiv.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xfffffc00; bne a0, t2, fail; li t2, 8; bne a1, t2, fail
    li gp, 32; fsflags zero; li t0, 0xffff0000; fmv.w.x fa1, t0; li t0, 0xffff0000; fmv.w.x fa2, t0; fdiv.h fa0, fa1, fa2, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7e00; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 33; fsflags zero; li t0, 0xffff4000; fmv.w.x fa1, t0; fsqrt.h fa0, fa1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3da8; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 34; fsflags zero; li t0, 0xffff4000; fmv.w.x fa1, t0; fsqrt.h fa0, fa1, rup; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3da9; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 35; fsflags zero; li t0, 0xffff4400; fmv.w.x fa1, t0; fsqrt.h fa0, fa1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff4000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 36; fsflags zero; li t0, 0xffff8000; fmv.w.x fa1, t0; fsqrt.h fa0, fa1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff8000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 37; fsflags zero; li t0, 0xffffbc00; fmv.w.x fa1, t0; fsqrt.h fa0, fa1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7e00; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
# (1 + 31*2^-10) * (2^-12 * (1 + 964*2^-10)) + 1 = 1 + 2^-11 + 94*2^-31: just above the tie, so
# 1 + 2^-10; rounded to binary32 first it would be the tie itself, and then 1
    li gp, 38; fsflags zero; li t0, 0xffff3c1f; fmv.w.x fa1, t0; li t0, 0xffff0fc4; fmv.w.x fa2, t0; li t0, 0xffff3c00; fmv.w.x fa3, t0; fmadd.h fa0, fa1, fa2, fa3, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3c01; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
# (1 + 2^-10)^2 - (1 + 2^-9) = 2^-20 exactly (a subnormal half), zero if the product were rounded
    li gp, 39; fsflags zero; li t0, 0xffff3c01; fmv.w.x fa1, t0; li t0, 0xffff3c01; fmv.w.x fa2, t0; li t0, 0xffffbc02; fmv.w.x fa3, t0; fmadd.h fa0, fa1, fa2, fa3, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff0010; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 40; fsflags zero; li t0, 0xffff3c01; fmv.w.x fa1, t0; li t0, 0xffff3c01; fmv.w.x fa2, t0; li t0, 0xffff3c02; fmv.w.x fa3, t0; fmsub.h fa0, fa1, fa2, fa3, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff0010; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 41; fsflags zero; li t0, 0xffff3c01; fmv.w.x fa1, t0; li t0, 0xffff3c01; fmv.w.x fa2, t0; li t0, 0xffff3c02; fmv.w.x fa3, t0; fnmsub.h fa0, fa1, fa2, fa3, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff8010; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 42; fsflags zero; li t0, 0xffff3c01; fmv.w.x fa1, t0; li t0, 0xffff3c01; fmv.w.x fa2, t0; li t0, 0xffffbc02; fmv.w.x fa3, t0; fnmadd.h fa0, fa1, fa2, fa3, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff8010; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 43; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff3c00; fmv.w.x fa2, t0; li t0, 0xffffbc00; fmv.w.x fa3, t0; fmadd.h fa0, fa1, fa2, fa3, rdn; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff8000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 44; fsflags zero; li t0, 0xffff7c00; fmv.w.x fa1, t0; li t0, 0xffff0000; fmv.w.x fa2, t0; li t0, 0xffff7e00; fmv.w.x fa3, t0; fmadd.h fa0, fa1, fa2, fa3, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7e00; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
# conversions between binary16 and binary32
    li gp, 45; fsflags zero; li t0, 0x3eaaaaab; fmv.w.x fa1, t0; fcvt.h.s fa0, fa1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3555; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 46; fsflags zero; li t0, 0x3eaaaaab; fmv.w.x fa1, t0; fcvt.h.s fa0, fa1, rup; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3556; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 47; fsflags zero; li t0, 0x477ff000; fmv.w.x fa1, t0; fcvt.h.s fa0, fa1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7c00; bne a0, t2, fail; li t2, 5; bne a1, t2, fail
# the fail block is here, in the middle, so that every branch to it is in range
    j 1f
fail:
    slli a0, gp, 1
    ori a0, a0, 1
    li a7, 93
    ecall
1:
    li gp, 48; fsflags zero; li t0, 0x477ff000; fmv.w.x fa1, t0; fcvt.h.s fa0, fa1, rtz; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7bff; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 49; fsflags zero; li t0, 0x33800000; fmv.w.x fa1, t0; fcvt.h.s fa0, fa1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff0001; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 50; fsflags zero; li t0, 0x33000000; fmv.w.x fa1, t0; fcvt.h.s fa0, fa1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff0000; bne a0, t2, fail; li t2, 3; bne a1, t2, fail
    li gp, 51; fsflags zero; li t0, 0x7f800001; fmv.w.x fa1, t0; fcvt.h.s fa0, fa1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7e00; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 52; fsflags zero; li t0, 0xff800000; fmv.w.x fa1, t0; fcvt.h.s fa0, fa1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xfffffc00; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 53; fsflags zero; li t0, 0xffff3555; fmv.w.x fa1, t0; fcvt.s.h fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3eaaa000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 54; fsflags zero; li t0, 0xffff0001; fmv.w.x fa1, t0; fcvt.s.h fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x33800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 55; fsflags zero; li t0, 0xffff7c01; fmv.w.x fa1, t0; fcvt.s.h fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7fc00000; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 56; fsflags zero; li t0, 0x00003c00; fmv.w.x fa1, t0; fcvt.s.h fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7fc00000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# conversions to and from integers
    li gp, 57; fsflags zero; li t0, 0xffff4100; fmv.w.x fa1, t0; fcvt.w.h a0, fa1, rne; fsflags a1, zero; li t2, 2; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 58; fsflags zero; li t0, 0xffff4100; fmv.w.x fa1, t0; fcvt.w.h a0, fa1, rmm; fsflags a1, zero; li t2, 3; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 59; fsflags zero; li t0, 0xffffc100; fmv.w.x fa1, t0; fcvt.w.h a0, fa1, rdn; fsflags a1, zero; li t2, -3; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 60; fsflags zero; li t0, 0xffff7c00; fmv.w.x fa1, t0; fcvt.w.h a0, fa1, rne; fsflags a1, zero; li t2, 0x7fffffff; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 61; fsflags zero; li t0, 0xffff7bff; fmv.w.x fa1, t0; fcvt.w.h a0, fa1, rne; fsflags a1, zero; li t2, 65504; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 62; fsflags zero; li t0, 0xffffbc00; fmv.w.x fa1, t0; fcvt.wu.h a0, fa1, rne; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 63; fsflags zero; li t0, 0xffffb800; fmv.w.x fa1, t0; fcvt.wu.h a0, fa1, rtz; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 64; fsflags zero; li t1, 65519; fcvt.h.w fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7bff; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 65; fsflags zero; li t1, 70000; fcvt.h.w fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7c00; bne a0, t2, fail; li t2, 5; bne a1, t2, fail
    li gp, 66; fsflags zero; li t1, 70000; fcvt.h.w fa0, t1, rtz; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7bff; bne a0, t2, fail; li t2, 5; bne a1, t2, fail
    li gp, 67; fsflags zero; li t1, 2049; fcvt.h.w fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff6800; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 68; fsflags zero; li t1, -2051; fcvt.h.w fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffffe802; bne a0, t2, fail; li t2, 1; bne a1, t2, fail
    li gp, 69; fsflags zero; li t1, 0xffffffff; fcvt.h.wu fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7c00; bne a0, t2, fail; li t2, 5; bne a1, t2, fail
    li gp, 70; fsflags zero; li t1, 0; fcvt.h.wu fa0, t1, rne; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff0000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# sign injection, min/max, compares, classify (an operand that is not NaN-boxed is the canonical NaN)
    li gp, 71; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff3c00; fmv.w.x fa2, t0; fsgnjn.h fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffffbc00; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 72; fsflags zero; li t0, 0xffffbc00; fmv.w.x fa1, t0; li t0, 0xffffbc00; fmv.w.x fa2, t0; fsgnjx.h fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3c00; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 73; fsflags zero; li t0, 0x00003c00; fmv.w.x fa1, t0; li t0, 0xffff8000; fmv.w.x fa2, t0; fsgnj.h fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xfffffe00; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 74; fsflags zero; li t0, 0xffff8000; fmv.w.x fa1, t0; li t0, 0xffff0000; fmv.w.x fa2, t0; fmin.h fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff8000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 75; fsflags zero; li t0, 0xffff8000; fmv.w.x fa1, t0; li t0, 0xffff0000; fmv.w.x fa2, t0; fmax.h fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff0000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 76; fsflags zero; li t0, 0xffff7c01; fmv.w.x fa1, t0; li t0, 0xffff3c00; fmv.w.x fa2, t0; fmax.h fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff3c00; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 77; fsflags zero; li t0, 0xffff7e00; fmv.w.x fa1, t0; li t0, 0x3f800000; fmv.w.x fa2, t0; fmin.h fa0, fa1, fa2; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff7e00; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 78; fsflags zero; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff3c00; fmv.w.x fa2, t0; feq.h a0, fa1, fa2; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 79; fsflags zero; li t0, 0xffff7e00; fmv.w.x fa1, t0; li t0, 0xffff3c00; fmv.w.x fa2, t0; feq.h a0, fa1, fa2; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 80; fsflags zero; li t0, 0xffff7e00; fmv.w.x fa1, t0; li t0, 0xffff3c00; fmv.w.x fa2, t0; flt.h a0, fa1, fa2; fsflags a1, zero; li t2, 0; bne a0, t2, fail; li t2, 0x10; bne a1, t2, fail
    li gp, 81; fsflags zero; li t0, 0xffff8000; fmv.w.x fa1, t0; li t0, 0xffff0000; fmv.w.x fa2, t0; fle.h a0, fa1, fa2; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 82; fsflags zero; li t0, 0xffffbc00; fmv.w.x fa1, t0; li t0, 0xffff3c00; fmv.w.x fa2, t0; flt.h a0, fa1, fa2; fsflags a1, zero; li t2, 1; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 83; fsflags zero; li t0, 0xffff0001; fmv.w.x fa1, t0; fclass.h a0, fa1; fsflags a1, zero; li t2, 0x20; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 84; fsflags zero; li t0, 0xffff8000; fmv.w.x fa1, t0; fclass.h a0, fa1; fsflags a1, zero; li t2, 0x8; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 85; fsflags zero; li t0, 0xffff7c01; fmv.w.x fa1, t0; fclass.h a0, fa1; fsflags a1, zero; li t2, 0x100; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 86; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; fclass.h a0, fa1; fsflags a1, zero; li t2, 0x200; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# moves keep every bit: fmv.x.h sign-extends bit 15, fmv.h.x boxes the low 16 bits
    li gp, 87; fsflags zero; li t0, 0x12348001; fmv.w.x fa1, t0; fmv.x.h a0, fa1; fsflags a1, zero; li t2, 0xffff8001; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 88; fsflags zero; li t0, 0xffff7fff; fmv.w.x fa1, t0; fmv.x.h a0, fa1; fsflags a1, zero; li t2, 0x7fff; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 89; fsflags zero; li t1, 0x12345678; fmv.h.x fa0, t1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xffff5678; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# flh NaN-boxes the two bytes it loads; fsh stores the low two bytes of any register
    la s0, hdat
    li gp, 90; flh fa0, 2(s0); fmv.x.w a0, fa0; li t2, 0xffff1234; bne a0, t2, fail
    li gp, 91; flh fa0, 0(s0); fmv.x.w a0, fa0; li t2, 0xffff5678; bne a0, t2, fail
    li gp, 92; li t0, 0x0000abcd; fmv.w.x fa0, t0; fsh fa0, 4(s0); lw a0, 4(s0); li t2, 0x9abcabcd; bne a0, t2, fail
    li gp, 93; fsh fa0, 6(s0); lw a0, 4(s0); li t2, 0xabcdabcd; bne a0, t2, fail
# dyn (the default when no mode is written) takes frm
    li gp, 94; li t0, 0xffff3c00; fmv.w.x fa1, t0; li t0, 0xffff1000; fmv.w.x fa2, t0; fsrmi 3; fadd.h fa0, fa1, fa2; fmv.x.w a0, fa0; li t2, 0xffff3c01; bne a0, t2, fail
    li gp, 95; fsrmi 0; fadd.h fa0, fa1, fa2, dyn; fmv.x.w a0, fa0; li t2, 0xffff3c00; bne a0, t2, fail
    j pass
pass:
    li a0, 0
    li a7, 93
    ecall

    .data
    .p2align 4
hdat:
    .word 0x12345678
    .word 0x9abcdef0
