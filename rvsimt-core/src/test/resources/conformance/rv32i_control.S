# rv32i_control.S: conditional branches taken and not taken (signed and unsigned compares,
# equal operands, x0), backward branches (a counted loop), jal and jalr links and targets
# (jalr clears bit 0 of the target, rd = rs1 uses the old rs1), calls and returns.
# Self-checking, riscv-tests convention (see rv32i_alu.S).
# Generated from src/rv32i_control.in by src/number.py (shorthands expanded, cases numbered): edit the .in.
    .option norelax
    .text
    .globl test_main
test_main:
# beq / bne
    li gp, 1; li a1, 1; li a2, 2; beq a1, a2, fail
    li gp, 2; li a1, 5; li a2, 5; bne a1, a2, fail; beq a1, a2, 1f; j fail; 1:
    li gp, 3; li a1, -1; li a2, -1; beq a1, a2, 1f; j fail; 1: bne a1, a2, fail
    li gp, 4; li a1, 3; bne a1, zero, 1f; j fail; 1: beq a1, zero, fail
# blt / bge (signed)
    li gp, 5; li a1, -1; li a2, 1; blt a1, a2, 1f; j fail; 1: bge a1, a2, fail
    li gp, 6; li a1, 1; li a2, -1; blt a1, a2, fail; bge a1, a2, 1f; j fail; 1:
    li gp, 7; li a1, 7; li a2, 7; blt a1, a2, fail; bge a1, a2, 1f; j fail; 1:
    li gp, 8; li a1, 0x80000000; li a2, 0x7fffffff; blt a1, a2, 1f; j fail; 1: bge a1, a2, fail
# bltu / bgeu (unsigned)
    li gp, 9; li a1, 1; li a2, -1; bltu a1, a2, 1f; j fail; 1: bgeu a1, a2, fail
    li gp, 10; li a1, -1; li a2, 1; bltu a1, a2, fail; bgeu a1, a2, 1f; j fail; 1:
    li gp, 11; li a1, 0x80000000; li a2, 0x80000000; bltu a1, a2, fail; bgeu a1, a2, 1f; j fail; 1:
    li gp, 12; bltu zero, zero, fail; bgeu zero, zero, 1f; j fail; 1:
# branch pseudo-instructions (operands swapped or x0)
    li gp, 13; li a1, 2; li a2, 1; bgt a1, a2, 1f; j fail; 1: ble a1, a2, fail
    li gp, 14; li a1, 1; li a2, -1; bgtu a2, a1, 1f; j fail; 1: bleu a2, a1, fail
    li gp, 15; li a1, -5; bltz a1, 1f; j fail; 1: bgez a1, fail; blez a1, 2f; j fail; 2: bgtz a1, fail
    li gp, 16; beqz zero, 1f; j fail; 1: bnez zero, fail; blez zero, 2f; j fail; 2: bgez zero, 3f; j fail; 3:
# a backward branch: sum 1..10
    li gp, 17; li a0, 0; li a1, 10; 1: add a0, a0, a1; addi a1, a1, -1; bnez a1, 1b; li t2, 55; bne a0, t2, fail
# a loop that runs once (the latch falls through at once)
    li gp, 18; li a0, 0; li a1, 1; 1: addi a0, a0, 3; addi a1, a1, -1; bgtz a1, 1b; li t2, 3; bne a0, t2, fail
# nested loops: 4 x 5
    li gp, 19; li a0, 0; li a1, 4; 1: li a2, 5; 2: addi a0, a0, 1; addi a2, a2, -1; bnez a2, 2b; addi a1, a1, -1; bnez a1, 1b; li t2, 20; bne a0, t2, fail
# jal: link = address of the next instruction
    li gp, 20; jal a0, 1f; 2: j fail; 1: la a1, 2b; bne a0, a1, fail
    li gp, 21; jal x0, 1f; j fail; 1:
    li gp, 22; j 1f; j fail; 1:
# jal backwards
    li gp, 23; j 2f; 1: j 3f; 2: j 1b; 3:
# jalr: target = (rs1 + imm) & ~1, link = pc + 4
    li gp, 24; la a1, 1f; jalr a0, 0(a1); 2: j fail; 1: la t2, 2b; bne a0, t2, fail
    li gp, 25; la a1, 1f - 8; jalr a0, 8(a1); j fail; 1:
    li gp, 26; la a1, 1f + 1; jalr x0, 0(a1); j fail; 1:
    li gp, 27; la a1, 1f + 3; jalr x0, -2(a1); j fail; 1:
    li gp, 28; la a1, 1f + 16; jalr x0, -16(a1); j fail; 1:
# jalr with rd = rs1: the target comes from the old value
    li gp, 29; la a1, 1f; jalr a1, 0(a1); 2: j fail; 1: la t2, 2b; bne a1, t2, fail
# call / ret with the return address in ra, and a nested call through t0
    li gp, 30; li a0, 1; call func_double; li t2, 2; bne a0, t2, fail
    li gp, 31; li a0, 5; call func_twice; li t2, 20; bne a0, t2, fail
    li gp, 32; li a0, 3; la t1, func_double; jalr t1; li t2, 6; bne a0, t2, fail
    li gp, 33; li a0, 7; jal func_double; li t2, 14; bne a0, t2, fail
# jr/jalr through other registers
    li gp, 34; la t3, 1f; jr t3; j fail; 1:
    li gp, 35; la t3, 1f; jalr s2, t3, 0; 2: j fail; 1: la t2, 2b; bne s2, t2, fail
    j pass
fail:
    slli a0, gp, 1
    ori a0, a0, 1
    li a7, 93
    ecall
pass:
    li a0, 0
    li a7, 93
    ecall

# a0 = 2 * a0
func_double:
    add a0, a0, a0
    ret
# a0 = 4 * a0: calls func_double twice, keeping its own return address in t0
func_twice:
    mv t0, ra
    call func_double
    call func_double
    jr t0
