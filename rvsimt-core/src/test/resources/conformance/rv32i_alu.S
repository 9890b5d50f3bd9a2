# rv32i_alu.S: RV32I register-register and register-immediate arithmetic, logic, compares,
# shifts (amounts taken from the low 5 bits), lui and auipc, writes to x0, rd = rs aliasing.
# Self-checking, riscv-tests convention: gp (x3) holds the case number; the program exits
# (ecall, a7 = 93) with a0 = 0 when every case passed, else a0 = (gp << 1) | 1.
# Generated from src/rv32i_alu.in by src/number.py (shorthands expanded, cases numbered): edit the .in.
    .option norelax
    .text
    .globl test_main
test_main:
# add
    li gp, 1; li a1, 1; li a2, 1; add a0, a1, a2; li t2, 2; bne a0, t2, fail
    li gp, 2; li a1, 0x7fffffff; li a2, 1; add a0, a1, a2; li t2, 0x80000000; bne a0, t2, fail
    li gp, 3; li a1, -1; li a2, 1; add a0, a1, a2; bne a0, zero, fail
    li gp, 4; li a1, 0x80000000; li a2, 0x80000000; add a0, a1, a2; bne a0, zero, fail
    li gp, 5; li a1, 0x12345678; add a1, a1, a1; li t2, 0x2468acf0; bne a1, t2, fail
# sub
    li gp, 6; li a1, 0; li a2, 1; sub a0, a1, a2; li t2, -1; bne a0, t2, fail
    li gp, 7; li a1, 0x80000000; li a2, 1; sub a0, a1, a2; li t2, 0x7fffffff; bne a0, t2, fail
    li gp, 8; li a1, 5; sub a0, a1, a1; bne a0, zero, fail
    li gp, 9; li a1, 3; li a2, 0x80000000; sub a0, a1, a2; li t2, 0x80000003; bne a0, t2, fail
# sll srl sra: only the low 5 bits of rs2 count
    li gp, 10; li a1, 1; li a2, 31; sll a0, a1, a2; li t2, 0x80000000; bne a0, t2, fail
    li gp, 11; li a1, 1; li a2, 33; sll a0, a1, a2; li t2, 2; bne a0, t2, fail
    li gp, 12; li a1, 0x12345678; li a2, -28; sll a0, a1, a2; li t2, 0x23456780; bne a0, t2, fail
    li gp, 13; li a1, 0x80000000; li a2, 31; srl a0, a1, a2; li t2, 1; bne a0, t2, fail
    li gp, 14; li a1, 0x80000000; li a2, 36; srl a0, a1, a2; li t2, 0x08000000; bne a0, t2, fail
    li gp, 15; li a1, 0x80000000; li a2, 31; sra a0, a1, a2; li t2, -1; bne a0, t2, fail
    li gp, 16; li a1, 0x80000000; li a2, 36; sra a0, a1, a2; li t2, 0xf8000000; bne a0, t2, fail
    li gp, 17; li a1, 0x7fffffff; li a2, 0; sra a0, a1, a2; li t2, 0x7fffffff; bne a0, t2, fail
    li gp, 18; li a1, 0x40000000; li a2, 30; sra a0, a1, a2; li t2, 1; bne a0, t2, fail
# slt sltu
    li gp, 19; li a1, -1; li a2, 1; slt a0, a1, a2; li t2, 1; bne a0, t2, fail
    li gp, 20; li a1, 1; li a2, -1; slt a0, a1, a2; bne a0, zero, fail
    li gp, 21; li a1, 7; slt a0, a1, a1; bne a0, zero, fail
    li gp, 22; li a1, 0x80000000; li a2, 0x7fffffff; slt a0, a1, a2; li t2, 1; bne a0, t2, fail
    li gp, 23; li a1, 1; li a2, -1; sltu a0, a1, a2; li t2, 1; bne a0, t2, fail
    li gp, 24; li a1, -1; li a2, 1; sltu a0, a1, a2; bne a0, zero, fail
    li gp, 25; sltu a0, zero, zero; bne a0, zero, fail
    li gp, 26; li a2, 5; sltu a0, zero, a2; li t2, 1; bne a0, t2, fail
# xor or and
    li gp, 27; li a1, 0xff00ff00; li a2, 0x0ff00ff0; xor a0, a1, a2; li t2, 0xf0f0f0f0; bne a0, t2, fail
    li gp, 28; li a1, 0xff00ff00; li a2, 0x0ff00ff0; or a0, a1, a2; li t2, 0xfff0fff0; bne a0, t2, fail
    li gp, 29; li a1, 0xff00ff00; li a2, 0x0ff00ff0; and a0, a1, a2; li t2, 0x0f000f00; bne a0, t2, fail
    li gp, 30; li a1, 0x5a5a5a5a; xor a0, a1, a1; bne a0, zero, fail
# addi: sign-extended 12-bit immediates
    li gp, 31; li a1, 0x7fffffff; addi a0, a1, 1; li t2, 0x80000000; bne a0, t2, fail
    li gp, 32; addi a0, zero, -2048; li t2, 0xfffff800; bne a0, t2, fail
    li gp, 33; li a1, 1; addi a0, a1, 2047; li t2, 2048; bne a0, t2, fail
    li gp, 34; li a1, 0; addi a0, a1, -1; li t2, -1; bne a0, t2, fail
    li gp, 35; li a1, 0x80000000; addi a0, a1, -1; li t2, 0x7fffffff; bne a0, t2, fail
# slti
    li gp, 36; li a1, 0; slti a0, a1, -2048; bne a0, zero, fail
    li gp, 37; li a1, -2049; slti a0, a1, -2048; li t2, 1; bne a0, t2, fail
    li gp, 38; li a1, 2046; slti a0, a1, 2047; li t2, 1; bne a0, t2, fail
    li gp, 39; li a1, 2047; slti a0, a1, 2047; bne a0, zero, fail
# the fail block is here, in the middle, so that every branch to it is in range
    j 1f
fail:
    slli a0, gp, 1
    ori a0, a0, 1
    li a7, 93
    ecall
1:
    li gp, 40; li a1, 0x80000000; slti a0, a1, 0; li t2, 1; bne a0, t2, fail
# sltiu: the immediate is sign-extended, then compared unsigned; seqz is sltiu rd, rs, 1
    li gp, 41; li a1, 5; sltiu a0, a1, 7; li t2, 1; bne a0, t2, fail
    li gp, 42; li a1, 7; sltiu a0, a1, 7; bne a0, zero, fail
    li gp, 43; li a1, 5; sltiu a0, a1, -1; li t2, 1; bne a0, t2, fail
    li gp, 44; li a1, -1; sltiu a0, a1, -1; bne a0, zero, fail
    li gp, 45; li a1, 0xfffff7ff; sltiu a0, a1, -2048; li t2, 1; bne a0, t2, fail
    li gp, 46; li a1, 0x80000000; sltiu a0, a1, 2047; bne a0, zero, fail
    li gp, 47; sltiu a0, zero, 0; bne a0, zero, fail
    li gp, 48; seqz a0, zero; li t2, 1; bne a0, t2, fail
    li gp, 49; li a1, 0x80000000; seqz a0, a1; bne a0, zero, fail
    li gp, 50; li a1, 1; seqz a0, a1; bne a0, zero, fail
# xori ori andi (immediate sign-extended)
    li gp, 51; li a1, 0x12345678; xori a0, a1, -1; li t2, 0xedcba987; bne a0, t2, fail
    li gp, 52; li a1, 0x00ff0f00; xori a0, a1, 0x0f0; li t2, 0x00ff0ff0; bne a0, t2, fail
    li gp, 53; li a1, 0x00ff0f00; xori a0, a1, -256; li t2, 0xff00f000; bne a0, t2, fail
    li gp, 54; li a1, 0x00000001; ori a0, a1, -2048; li t2, 0xfffff801; bne a0, t2, fail
    li gp, 55; li a1, 0x12345678; ori a0, a1, 0x0ff; li t2, 0x123456ff; bne a0, t2, fail
    li gp, 56; li a1, 0xffffffff; andi a0, a1, -2048; li t2, 0xfffff800; bne a0, t2, fail
    li gp, 57; li a1, 0x12345678; andi a0, a1, 0x7ff; li t2, 0x678; bne a0, t2, fail
    li gp, 58; li a1, 0x12345678; not a0, a1; li t2, 0xedcba987; bne a0, t2, fail
# slli srli srai
    li gp, 59; li a1, 1; slli a0, a1, 31; li t2, 0x80000000; bne a0, t2, fail
    li gp, 60; li a1, 0x12345678; slli a0, a1, 0; li t2, 0x12345678; bne a0, t2, fail
    li gp, 61; li a1, 0xffffffff; slli a0, a1, 4; li t2, 0xfffffff0; bne a0, t2, fail
    li gp, 62; li a1, 0x80000000; srli a0, a1, 31; li t2, 1; bne a0, t2, fail
    li gp, 63; li a1, 0xf0000000; srli a0, a1, 4; li t2, 0x0f000000; bne a0, t2, fail
    li gp, 64; li a1, 0x80000000; srai a0, a1, 31; li t2, -1; bne a0, t2, fail
    li gp, 65; li a1, 0xf0000000; srai a0, a1, 4; li t2, 0xff000000; bne a0, t2, fail
    li gp, 66; li a1, 0x70000000; srai a0, a1, 4; li t2, 0x07000000; bne a0, t2, fail
    li gp, 67; li a1, -1; srai a0, a1, 0; li t2, -1; bne a0, t2, fail
# lui
    li gp, 68; lui a0, 0xfffff; li t2, 0xfffff000; bne a0, t2, fail
    li gp, 69; lui a0, 0x80000; li t2, 0x80000000; bne a0, t2, fail
    li gp, 70; lui a0, 0; bne a0, zero, fail
    li gp, 71; lui a0, 0x12345; srai a0, a0, 12; li t2, 0x12345; bne a0, t2, fail
# auipc: pc of the auipc plus imm << 12
    li gp, 72; 1: auipc a0, 0; la a1, 1b; bne a0, a1, fail
    li gp, 73; 1: auipc a0, 1; la a1, 1b; sub a0, a0, a1; li t2, 0x1000; bne a0, t2, fail
    li gp, 74; 1: auipc a0, 0xfffff; la a1, 1b; sub a0, a0, a1; li t2, -4096; bne a0, t2, fail
# writes to x0 are discarded
    li gp, 75; addi zero, zero, 5; bne zero, x0, fail; mv a0, x0; bne a0, zero, fail
    li gp, 76; lui x0, 0x12345; add a0, x0, x0; bne a0, zero, fail
    li gp, 77; li a1, 7; add x0, a1, a1; auipc x0, 1; sub a0, x0, a1; li t2, -7; bne a0, t2, fail
# rd = rs1 = rs2 and chained dependencies
    li gp, 78; li a0, 3; add a0, a0, a0; add a0, a0, a0; sub a0, a0, zero; li t2, 12; bne a0, t2, fail
    li gp, 79; li a0, 0x0f; slli a1, a0, 4; or a0, a0, a1; xori a0, a0, 0xff; bne a0, zero, fail
    j pass
pass:
    li a0, 0
    li a7, 93
    ecall
