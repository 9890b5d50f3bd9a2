# zicsr_counters.S: the unprivileged counters cycle, instret and time (and their high halves)
# are readable; instret and cycle advance between two reads separated by instructions.
# Self-checking, riscv-tests convention (see rv32i_alu.S).
# Generated from src/zicsr_counters.in by src/number.py (shorthands expanded, cases numbered): edit the .in.
    .option norelax
    .text
    .globl test_main
test_main:
    li gp, 1; rdinstret a1; nop; nop; rdinstret a2; bleu a2, a1, fail
    li gp, 2; rdcycle a1; nop; nop; rdcycle a2; bleu a2, a1, fail
    li gp, 3; csrr a1, instret; addi a0, zero, 1; addi a0, a0, 1; csrr a2, instret; bleu a2, a1, fail
    li gp, 4; rdinstreth a1; rdcycleh a2; rdtime a3; rdtimeh a4
    li gp, 5; li t0, 100; rdinstret a1; 1: addi t0, t0, -1; bnez t0, 1b; rdinstret a2; sub a3, a2, a1; li t2, 200; bltu a3, t2, fail
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
