# zicsr_fp.S: Zicsr on the FP CSRs: fflags (0x001, 5 bits), frm (0x002, 3 bits), fcsr (0x003:
# frm << 5 | fflags); csrrw/csrrs/csrrc and the immediate forms, rd = old value, rs1 = x0 or
# zimm = 0 reads without writing, bits beyond each CSR are ignored, the pseudo-instructions
# (frflags fsflags frrm fsrm frcsr fscsr fsflagsi fsrmi), flags accumulated by FP instructions.
# Self-checking, riscv-tests convention (see rv32i_alu.S).
# Generated from src/zicsr_fp.in by src/number.py (shorthands expanded, cases numbered): edit the .in.
    .option norelax
    .text
    .globl test_main
test_main:
    li gp, 1; csrw fcsr, zero; csrr a0, fcsr; bne a0, zero, fail
# csrrwi / csrrsi / csrrci on fflags
    li gp, 2; csrrwi a0, fflags, 0x1f; bne a0, zero, fail; csrr a1, fflags; li t2, 0x1f; bne a1, t2, fail
    li gp, 3; csrr a0, fcsr; li t2, 0x1f; bne a0, t2, fail; csrr a0, frm; bne a0, zero, fail
    li gp, 4; csrrci a0, fflags, 0x3; li t2, 0x1f; bne a0, t2, fail; frflags a1; li t2, 0x1c; bne a1, t2, fail
    li gp, 5; csrrsi a0, fflags, 0x1; li t2, 0x1c; bne a0, t2, fail; frflags a1; li t2, 0x1d; bne a1, t2, fail
    li gp, 6; csrrsi a0, fflags, 0; li t2, 0x1d; bne a0, t2, fail; frflags a1; bne a1, t2, fail
    li gp, 7; csrrci a0, fflags, 0; frflags a1; li t2, 0x1d; bne a1, t2, fail
# register forms on fflags; writes keep only 5 bits
    li gp, 8; li a1, 0xffffffe2; csrrw a0, fflags, a1; li t2, 0x1d; bne a0, t2, fail; frflags a2; li t2, 0x02; bne a2, t2, fail
    li gp, 9; csrr a0, frm; bne a0, zero, fail
    li gp, 10; li a1, 0x104; csrrs a0, fflags, a1; li t2, 0x02; bne a0, t2, fail; frflags a2; li t2, 0x06; bne a2, t2, fail
    li gp, 11; li a1, 0x2; csrrc a0, fflags, a1; li t2, 0x06; bne a0, t2, fail; frflags a2; li t2, 0x04; bne a2, t2, fail
    li gp, 12; csrrs a0, fflags, zero; li t2, 0x04; bne a0, t2, fail; csrrc a0, fflags, zero; bne a0, t2, fail
# fsflags / frflags / fsflagsi
    li gp, 13; li a1, 0x19; fsflags a0, a1; li t2, 0x04; bne a0, t2, fail; frflags a2; li t2, 0x19; bne a2, t2, fail
    li gp, 14; fsflags a0, zero; li t2, 0x19; bne a0, t2, fail; frflags a2; bne a2, zero, fail
    li gp, 15; fsflagsi a0, 0x0a; bne a0, zero, fail; fsflagsi 0x11; frflags a2; li t2, 0x11; bne a2, t2, fail
    li gp, 16; li a1, 0x3; fsflags a1; frflags a2; li t2, 0x3; bne a2, t2, fail
# frm: 3 bits, any value can be written and read back
    li gp, 17; fsflags zero; fsrmi a0, 3; bne a0, zero, fail; frrm a1; li t2, 3; bne a1, t2, fail
    li gp, 18; csrr a0, fcsr; li t2, 0x60; bne a0, t2, fail
    li gp, 19; li a1, 0xfd; fsrm a0, a1; li t2, 3; bne a0, t2, fail; frrm a2; li t2, 5; bne a2, t2, fail
    li gp, 20; csrrwi a0, frm, 7; li t2, 5; bne a0, t2, fail; frrm a2; li t2, 7; bne a2, t2, fail
    li gp, 21; csrrci a0, frm, 2; li t2, 7; bne a0, t2, fail; frrm a2; li t2, 5; bne a2, t2, fail
# the fail block is here, in the middle, so that every branch to it is in range
    j 1f
fail:
    slli a0, gp, 1
    ori a0, a0, 1
    li a7, 93
    ecall
1:
    li gp, 22; csrrsi a0, frm, 2; li t2, 5; bne a0, t2, fail; frrm a2; li t2, 7; bne a2, t2, fail
    li gp, 23; li a1, 4; csrrc a0, frm, a1; frrm a2; li t2, 3; bne a2, t2, fail
    li gp, 24; li a1, 0x1c; csrrs a0, frm, a1; frrm a2; li t2, 7; bne a2, t2, fail
    li gp, 25; fsrmi 1; frflags a0; bne a0, zero, fail; frcsr a1; li t2, 0x20; bne a1, t2, fail
# fcsr: frm in bits 7:5, fflags in 4:0, higher bits ignored
    li gp, 26; li a1, 0xfff; fscsr a0, a1; li t2, 0x20; bne a0, t2, fail; frcsr a2; li t2, 0xff; bne a2, t2, fail
    li gp, 27; frrm a0; li t2, 7; bne a0, t2, fail; frflags a0; li t2, 0x1f; bne a0, t2, fail
    li gp, 28; li a1, 0x8b; csrrw a0, fcsr, a1; li t2, 0xff; bne a0, t2, fail; frrm a2; li t2, 4; bne a2, t2, fail; frflags a2; li t2, 0x0b; bne a2, t2, fail
    li gp, 29; csrrci a0, fcsr, 0x1f; li t2, 0x8b; bne a0, t2, fail; frcsr a2; li t2, 0x80; bne a2, t2, fail
    li gp, 30; csrrsi a0, fcsr, 0x10; frcsr a2; li t2, 0x90; bne a2, t2, fail
    li gp, 31; csrrwi a0, fcsr, 0x05; li t2, 0x90; bne a0, t2, fail; frcsr a2; li t2, 0x05; bne a2, t2, fail
    li gp, 32; li a1, 0x60; csrrs a0, fcsr, a1; frrm a2; li t2, 3; bne a2, t2, fail; li a1, 0x41; csrrc a0, fcsr, a1; frcsr a2; li t2, 0x24; bne a2, t2, fail
    li gp, 33; li a1, 0x40; fscsr a1; frcsr a0; li t2, 0x40; bne a0, t2, fail
    li gp, 34; csrr a0, 0x003; li t2, 0x40; bne a0, t2, fail; csrr a0, 0x002; li t2, 2; bne a0, t2, fail
# CSR results into x0 are discarded but the write happens
    li gp, 35; csrrwi x0, fflags, 0x7; frflags a0; li t2, 0x7; bne a0, t2, fail
# FP instructions accumulate flags (OR) until read and cleared
    li gp, 36; fscsr zero; li a1, 0x3f800000; fmv.w.x fa1, a1; fmv.w.x fa2, zero; fdiv.s fa0, fa1, fa2; frflags a0; li t2, 0x08; bne a0, t2, fail
    li gp, 37; li a1, 0x40400000; fmv.w.x fa2, a1; fdiv.s fa0, fa1, fa2; frflags a0; li t2, 0x09; bne a0, t2, fail
    li gp, 38; fsub.s fa0, fa2, fa2; fadd.s fa0, fa1, fa1; frflags a0; li t2, 0x09; bne a0, t2, fail
    li gp, 39; fsflags a0, zero; li t2, 0x09; bne a0, t2, fail; fdiv.s fa0, fa1, fa2, rtz; frflags a0; li t2, 0x01; bne a0, t2, fail
    li gp, 40; fmv.w.x fa3, zero; fdiv.s fa0, fa3, fa3; frflags a0; li t2, 0x11; bne a0, t2, fail
    li gp, 41; fsflags zero; feq.s a0, fa1, fa2; flt.s a0, fa1, fa2; frflags a0; bne a0, zero, fail
# the rounding mode in frm applies to dyn instructions only
    li gp, 42; fsrmi 3; fdiv.s fa0, fa1, fa2; fmv.x.w a0, fa0; li t2, 0x3eaaaaab; bne a0, t2, fail; fdiv.s fa0, fa1, fa2, rtz; fmv.x.w a0, fa0; li t2, 0x3eaaaaaa; bne a0, t2, fail
    li gp, 43; fsrmi 2; fdiv.s fa0, fa1, fa2, dyn; fmv.x.w a0, fa0; li t2, 0x3eaaaaaa; bne a0, t2, fail; fdiv.s fa0, fa1, fa2, rup; fmv.x.w a0, fa0; li t2, 0x3eaaaaab; bne a0, t2, fail
    li gp, 44; frcsr a0; li t2, 0x41; bne a0, t2, fail
    j pass
pass:
    li a0, 0
    li a7, 93
    ecall
