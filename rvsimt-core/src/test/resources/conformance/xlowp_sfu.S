# xlowp_sfu.S: rvsimt custom instructions at exact points (docs/numerics-lowp-sfu.md):
# low-precision conversions (bf16 in f[31:16], E4M3/E5M2 in f[31:24], E2M1 in f[31:28]; a
# narrowing conversion keeps the other bits of rd, a widening one ignores the low bits of rs1)
# and the SFU functions (exact mode, the default). None of them sets fflags.
# rvsimt-only: qemu does not know these encodings.
# Self-checking, riscv-tests convention (see rv32i_alu.S).
# Generated from src/xlowp_sfu.in by src/number.py (shorthands expanded, cases numbered): edit the .in.
    .option norelax
    .text
    .globl test_main
test_main:
    fscsr zero
# bf16
    li gp, 1; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x0000abcd; fmv.w.x fa0, t0; fcvt.bf16.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f80abcd; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 2; fsflags zero; li t0, 0x3f808000; fmv.w.x fa1, t0; li t0, 0x00001234; fmv.w.x fa0, t0; fcvt.bf16.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f801234; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 3; fsflags zero; li t0, 0x3f818000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.bf16.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f820000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 4; fsflags zero; li t0, 0xc0490fdb; fmv.w.x fa1, t0; li t0, 0xffffffff; fmv.w.x fa0, t0; fcvt.bf16.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xc049ffff; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 5; fsflags zero; li t0, 0x7f800001; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.bf16.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7fc00000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 6; fsflags zero; li t0, 0x3f80ffff; fmv.w.x fa1, t0; li t0, 0x12345678; fmv.w.x fa0, t0; fcvt.s.bf16 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 7; fsflags zero; li t0, 0xc0490000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.s.bf16 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xc0490000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# E4M3: 0x38 = 1.0, 0x7e = 448 (largest), saturating, 0x7f = NaN
    li gp, 8; fsflags zero; li t0, 0x38000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.s.e4m3 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 9; fsflags zero; li t0, 0x38abcdef; fmv.w.x fa1, t0; li t0, 0x12345678; fmv.w.x fa0, t0; fcvt.s.e4m3 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 10; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x00abcdef; fmv.w.x fa0, t0; fcvt.e4m3.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x38abcdef; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 11; fsflags zero; li t0, 0x43e00000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.e4m3.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7e000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 12; fsflags zero; li t0, 0x447a0000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.e4m3.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7e000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 13; fsflags zero; li t0, 0xc47a0000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.e4m3.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xfe000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 14; fsflags zero; li t0, 0x7f800000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.e4m3.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7e000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 15; fsflags zero; li t0, 0x7e000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.s.e4m3 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x43e00000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 16; fsflags zero; li t0, 0x7f000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.s.e4m3 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7fc00000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 17; fsflags zero; li t0, 0xc0000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.s.e4m3 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xc0000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 18; fsflags zero; li t0, 0x01000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.s.e4m3 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3b000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# E5M2: 0x3c = 1.0, 0x7b = 57344 (largest), 0x7c = inf
    li gp, 19; fsflags zero; li t0, 0x3c000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.s.e5m2 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 20; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.e5m2.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3c000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 21; fsflags zero; li t0, 0x7f800000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.e5m2.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7c000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 22; fsflags zero; li t0, 0x7b000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.s.e5m2 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x47600000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# the fail block is here, in the middle, so that every branch to it is in range
    j 1f
fail:
    slli a0, gp, 1
    ori a0, a0, 1
    li a7, 93
    ecall
1:
    li gp, 23; fsflags zero; li t0, 0xfc000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.s.e5m2 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xff800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# E2M1: codes 0..7 = 0 0.5 1 1.5 2 3 4 6, bit 3 is the sign
    li gp, 24; fsflags zero; li t0, 0x20000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.s.e2m1 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 25; fsflags zero; li t0, 0x10000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.s.e2m1 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 26; fsflags zero; li t0, 0x70000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.s.e2m1 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x40c00000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 27; fsflags zero; li t0, 0xf0000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.s.e2m1 fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xc0c00000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 28; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x0abcdef1; fmv.w.x fa0, t0; fcvt.e2m1.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x2abcdef1; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 29; fsflags zero; li t0, 0x41200000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.e2m1.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x70000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 30; fsflags zero; li t0, 0xc0400000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcvt.e2m1.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xd0000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
# SFU
    li gp, 31; fsflags zero; li t0, 0x40800000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; frcp.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3e800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 32; fsflags zero; li t0, 0xc0000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; frcp.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xbf000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 33; fsflags zero; li t0, 0x00000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; frcp.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 34; fsflags zero; li t0, 0x40800000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; frsqrt.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 35; fsflags zero; li t0, 0x80000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; frsqrt.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0xff800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 36; fsflags zero; li t0, 0x00000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fexp.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 37; fsflags zero; li t0, 0xff800000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fexp.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x00000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 38; fsflags zero; li t0, 0x3f800000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fln.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x00000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 39; fsflags zero; li t0, 0xbf800000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fln.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x7fc00000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 40; fsflags zero; li t0, 0x00000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fsin.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x00000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 41; fsflags zero; li t0, 0x00000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fcos.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 42; fsflags zero; li t0, 0x00000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; ftanh.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x00000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 43; fsflags zero; li t0, 0x7f800000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; ftanh.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 44; fsflags zero; li t0, 0x00000000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fsigmoid.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f000000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    li gp, 45; fsflags zero; li t0, 0x7f800000; fmv.w.x fa1, t0; li t0, 0x00000000; fmv.w.x fa0, t0; fsigmoid.s fa0, fa1; fmv.x.w a0, fa0; fsflags a1, zero; li t2, 0x3f800000; bne a0, t2, fail; li t2, 0; bne a1, t2, fail
    j pass
pass:
    li a0, 0
    li a7, 93
    ecall
