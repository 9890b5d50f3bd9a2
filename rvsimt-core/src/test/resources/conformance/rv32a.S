# rv32a.S: A extension: every amo*.w returns the old memory word and stores op(old, rs2);
# signed and unsigned min/max; ordering suffixes; rd = x0; rd = rs2; lr.w/sc.w: success (rd = 0,
# memory written), failure without a reservation, after a successful sc, and at another address
# (rd = 1, memory unchanged).
# Self-checking, riscv-tests convention (see rv32i_alu.S).
# Generated from src/rv32a.in by src/number.py (shorthands expanded, cases numbered): edit the .in.
    .option norelax
    .text
    .globl test_main
test_main:
    la s0, amodat
# amoswap
    li gp, 1; li a1, 0x11111111; sw a1, 0(s0); li a2, 0x22222222; amoswap.w a0, a2, (s0); bne a0, a1, fail; lw a3, 0(s0); bne a3, a2, fail
# amoadd (wraps)
    li gp, 2; li a1, 0x7fffffff; sw a1, 0(s0); li a2, 1; amoadd.w a0, a2, (s0); bne a0, a1, fail; lw a3, 0(s0); li t2, 0x80000000; bne a3, t2, fail
# amoxor amoand amoor
    li gp, 3; li a1, 0xff00ff00; sw a1, 0(s0); li a2, 0x0ff00ff0; amoxor.w a0, a2, (s0); bne a0, a1, fail; lw a3, 0(s0); li t2, 0xf0f0f0f0; bne a3, t2, fail
    li gp, 4; li a1, 0xff00ff00; sw a1, 0(s0); li a2, 0x0ff00ff0; amoand.w a0, a2, (s0); bne a0, a1, fail; lw a3, 0(s0); li t2, 0x0f000f00; bne a3, t2, fail
    li gp, 5; li a1, 0xff00ff00; sw a1, 0(s0); li a2, 0x0ff00ff0; amoor.w a0, a2, (s0); bne a0, a1, fail; lw a3, 0(s0); li t2, 0xfff0fff0; bne a3, t2, fail
# amomin / amomax: signed
    li gp, 6; li a1, 0x80000000; sw a1, 0(s0); li a2, 1; amomin.w a0, a2, (s0); bne a0, a1, fail; lw a3, 0(s0); bne a3, a1, fail
    li gp, 7; li a1, 0x80000000; sw a1, 0(s0); li a2, 1; amomax.w a0, a2, (s0); bne a0, a1, fail; lw a3, 0(s0); bne a3, a2, fail
    li gp, 8; li a1, -5; sw a1, 0(s0); li a2, -7; amomin.w a0, a2, (s0); bne a0, a1, fail; lw a3, 0(s0); bne a3, a2, fail
    li gp, 9; li a1, -5; sw a1, 0(s0); li a2, -7; amomax.w a0, a2, (s0); bne a0, a1, fail; lw a3, 0(s0); bne a3, a1, fail
# amominu / amomaxu: unsigned
    li gp, 10; li a1, 0x80000000; sw a1, 0(s0); li a2, 1; amominu.w a0, a2, (s0); bne a0, a1, fail; lw a3, 0(s0); bne a3, a2, fail
    li gp, 11; li a1, 0x80000000; sw a1, 0(s0); li a2, 1; amomaxu.w a0, a2, (s0); bne a0, a1, fail; lw a3, 0(s0); bne a3, a1, fail
    li gp, 12; li a1, 3; sw a1, 0(s0); li a2, -1; amomaxu.w a0, a2, (s0); bne a0, a1, fail; lw a3, 0(s0); bne a3, a2, fail
    li gp, 13; li a1, 3; sw a1, 0(s0); li a2, -1; amominu.w a0, a2, (s0); bne a0, a1, fail; lw a3, 0(s0); bne a3, a1, fail
# ordering suffixes do not change results
    li gp, 14; li a1, 10; sw a1, 4(s0); addi s1, s0, 4; li a2, 5; amoadd.w.aq a0, a2, (s1); amoadd.w.rl a0, a2, (s1); amoadd.w.aqrl a0, a2, (s1); li t2, 20; bne a0, t2, fail; lw a3, 4(s0); li t2, 25; bne a3, t2, fail
# rd = x0 still updates memory; rd = rs2 gets the old value
    li gp, 15; li a1, 40; sw a1, 0(s0); li a2, 2; amoadd.w x0, a2, (s0); lw a3, 0(s0); li t2, 42; bne a3, t2, fail
    li gp, 16; li a1, 9; sw a1, 0(s0); li a2, 4; amoswap.w a2, a2, (s0); li t2, 9; bne a2, t2, fail; lw a3, 0(s0); li t2, 4; bne a3, t2, fail
# neighbouring words are untouched
    li gp, 17; li a1, 0x5555aaaa; sw a1, 8(s0); sw a1, 16(s0); addi s1, s0, 12; li a2, -1; amoswap.w a0, a2, (s1); lw a3, 8(s0); bne a3, a1, fail; lw a3, 16(s0); bne a3, a1, fail
# lr / sc success
    li gp, 18; li a1, 123; sw a1, 0(s0); lr.w a0, (s0); bne a0, a1, fail; li a2, 456; sc.w a3, a2, (s0); bne a3, zero, fail; lw a4, 0(s0); bne a4, a2, fail
# a second sc after a successful one fails and does not store
    li gp, 19; li a2, 789; sc.w a3, a2, (s0); li t2, 1; bne a3, t2, fail; lw a4, 0(s0); li t2, 456; bne a4, t2, fail
# sc without any lr (reservation already used) fails
    li gp, 20; addi s1, s0, 4; li a2, 1; sc.w a3, a2, (s1); li t2, 1; bne a3, t2, fail; lw a4, 4(s0); li t2, 25; bne a4, t2, fail
# sc to another address than the reserved one fails, memory unchanged
    li gp, 21; lr.w a0, (s0); addi s1, s0, 4; li a2, 77; sc.w a3, a2, (s1); li t2, 1; bne a3, t2, fail; lw a4, 4(s0); li t2, 25; bne a4, t2, fail
# lr/sc increment loop (the usual atomic-add idiom)
    li gp, 22; li a1, 10; sw a1, 0(s0); 1: lr.w.aq a0, (s0); addi a0, a0, 1; sc.w.rl a3, a0, (s0); bnez a3, 1b; lw a4, 0(s0); li t2, 11; bne a4, t2, fail
# lr.w.aqrl / sc.w.aqrl, rd of sc = x0
    li gp, 23; lr.w.aqrl a0, (s0); li a2, 99; sc.w.aqrl x0, a2, (s0); lw a4, 0(s0); li t2, 99; bne a4, t2, fail
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

    .data
    .p2align 4
amodat:
    .zero 64
