# rv32m.S: M extension: mul, mulh, mulhsu, mulhu, div, divu, rem, remu, including division by
# zero (quotient all ones, remainder = dividend) and signed overflow INT_MIN / -1 (quotient
# INT_MIN, remainder 0), signs of quotient and remainder (truncation toward zero).
# Self-checking, riscv-tests convention (see rv32i_alu.S).
# Generated from src/rv32m.in by src/number.py (shorthands expanded, cases numbered): edit the .in.
    .option norelax
    .text
    .globl test_main
test_main:
# mul (low 32 bits)
    li gp, 1; li a1, 6; li a2, 7; mul a0, a1, a2; li t2, 42; bne a0, t2, fail
    li gp, 2; li a1, -6; li a2, 7; mul a0, a1, a2; li t2, -42; bne a0, t2, fail
    li gp, 3; li a1, 0x80000000; li a2, -1; mul a0, a1, a2; li t2, 0x80000000; bne a0, t2, fail
    li gp, 4; li a1, 0x12345678; li a2, 0x9abcdef0; mul a0, a1, a2; li t2, 0x242d2080; bne a0, t2, fail
    li gp, 5; li a1, 0xffff; mul a1, a1, a1; li t2, 0xfffe0001; bne a1, t2, fail
# mulh (signed x signed, high half)
    li gp, 6; li a1, -1; li a2, -1; mulh a0, a1, a2; bne a0, zero, fail
    li gp, 7; li a1, 0x80000000; li a2, 0x80000000; mulh a0, a1, a2; li t2, 0x40000000; bne a0, t2, fail
    li gp, 8; li a1, 0x7fffffff; li a2, 0x7fffffff; mulh a0, a1, a2; li t2, 0x3fffffff; bne a0, t2, fail
    li gp, 9; li a1, -2; li a2, 3; mulh a0, a1, a2; li t2, -1; bne a0, t2, fail
    li gp, 10; li a1, 0x80000000; li a2, 0x7fffffff; mulh a0, a1, a2; li t2, 0xc0000000; bne a0, t2, fail
    li gp, 11; li a1, 0x12345678; li a2, 0x9abcdef0; mulh a0, a1, a2; li t2, 0xf8cc93d6; bne a0, t2, fail
# mulhu (unsigned x unsigned)
    li gp, 12; li a1, -1; li a2, -1; mulhu a0, a1, a2; li t2, 0xfffffffe; bne a0, t2, fail
    li gp, 13; li a1, 0x80000000; li a2, 2; mulhu a0, a1, a2; li t2, 1; bne a0, t2, fail
    li gp, 14; li a1, 0x12345678; li a2, 0x9abcdef0; mulhu a0, a1, a2; li t2, 0x0b00ea4e; bne a0, t2, fail
    li gp, 15; li a1, 0xffff; li a2, 0x10000; mulhu a0, a1, a2; bne a0, zero, fail
# mulhsu (signed rs1 x unsigned rs2)
    li gp, 16; li a1, -1; li a2, -1; mulhsu a0, a1, a2; li t2, 0xffffffff; bne a0, t2, fail
    li gp, 17; li a1, 0x80000000; li a2, 0xffffffff; mulhsu a0, a1, a2; li t2, 0x80000000; bne a0, t2, fail
    li gp, 18; li a1, 2; li a2, -1; mulhsu a0, a1, a2; li t2, 1; bne a0, t2, fail
    li gp, 19; li a1, -1; li a2, 1; mulhsu a0, a1, a2; li t2, -1; bne a0, t2, fail
    li gp, 20; li a1, 0x12345678; li a2, 0x9abcdef0; mulhsu a0, a1, a2; li t2, 0x0b00ea4e; bne a0, t2, fail
# div: truncates toward zero
    li gp, 21; li a1, 20; li a2, 6; div a0, a1, a2; li t2, 3; bne a0, t2, fail
    li gp, 22; li a1, -20; li a2, 6; div a0, a1, a2; li t2, -3; bne a0, t2, fail
    li gp, 23; li a1, 20; li a2, -6; div a0, a1, a2; li t2, -3; bne a0, t2, fail
# the fail block is here, in the middle, so that every branch to it is in range
    j 1f
fail:
    slli a0, gp, 1
    ori a0, a0, 1
    li a7, 93
    ecall
1:
    li gp, 24; li a1, -20; li a2, -6; div a0, a1, a2; li t2, 3; bne a0, t2, fail
    li gp, 25; li a1, 20; div a0, a1, zero; li t2, -1; bne a0, t2, fail
    li gp, 26; li a1, -20; div a0, a1, zero; li t2, -1; bne a0, t2, fail
    li gp, 27; div a0, zero, zero; li t2, -1; bne a0, t2, fail
    li gp, 28; li a1, 0x80000000; li a2, -1; div a0, a1, a2; li t2, 0x80000000; bne a0, t2, fail
    li gp, 29; li a1, 0x80000000; li a2, 1; div a0, a1, a2; li t2, 0x80000000; bne a0, t2, fail
# divu
    li gp, 30; li a1, 20; li a2, 6; divu a0, a1, a2; li t2, 3; bne a0, t2, fail
    li gp, 31; li a1, -20; li a2, 6; divu a0, a1, a2; li t2, 715827879; bne a0, t2, fail
    li gp, 32; li a1, 20; divu a0, a1, zero; li t2, 0xffffffff; bne a0, t2, fail
    li gp, 33; li a1, 0x80000000; li a2, -1; divu a0, a1, a2; bne a0, zero, fail
    li gp, 34; li a1, -1; li a2, 1; divu a0, a1, a2; li t2, -1; bne a0, t2, fail
# rem: sign of the dividend
    li gp, 35; li a1, 20; li a2, 6; rem a0, a1, a2; li t2, 2; bne a0, t2, fail
    li gp, 36; li a1, -20; li a2, 6; rem a0, a1, a2; li t2, -2; bne a0, t2, fail
    li gp, 37; li a1, 20; li a2, -6; rem a0, a1, a2; li t2, 2; bne a0, t2, fail
    li gp, 38; li a1, -20; li a2, -6; rem a0, a1, a2; li t2, -2; bne a0, t2, fail
    li gp, 39; li a1, -20; rem a0, a1, zero; li t2, -20; bne a0, t2, fail
    li gp, 40; li a1, 0x80000000; li a2, -1; rem a0, a1, a2; bne a0, zero, fail
    li gp, 41; rem a0, zero, zero; bne a0, zero, fail
# remu
    li gp, 42; li a1, 20; li a2, 6; remu a0, a1, a2; li t2, 2; bne a0, t2, fail
    li gp, 43; li a1, -20; li a2, 6; remu a0, a1, a2; li t2, 2; bne a0, t2, fail
    li gp, 44; li a1, -20; remu a0, a1, zero; li t2, -20; bne a0, t2, fail
    li gp, 45; li a1, 0x80000000; li a2, -1; remu a0, a1, a2; li t2, 0x80000000; bne a0, t2, fail
# results into x0 are discarded, rd = rs aliasing
    li gp, 46; li a1, 5; mul x0, a1, a1; div x0, a1, zero; bne x0, zero, fail
    li gp, 47; li a1, 100; li a2, 7; rem a1, a1, a2; li t2, 2; bne a1, t2, fail
    j pass
pass:
    li a0, 0
    li a7, 93
    ecall
