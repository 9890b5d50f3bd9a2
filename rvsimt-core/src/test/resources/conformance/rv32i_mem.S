# rv32i_mem.S: loads of every width and sign (lb lh lw lbu lhu), stores of every width
# (sb sh sw) that change only their own bytes, positive and negative offsets, loads into x0,
# little-endian byte order.
# Self-checking, riscv-tests convention (see rv32i_alu.S).
# Generated from src/rv32i_mem.in by src/number.py (shorthands expanded, cases numbered): edit the .in.
    .option norelax
    .text
    .globl test_main
test_main:
    la s0, tdat
    la s1, tdat + 16
# lb / lbu: bytes 0x80 0x7f 0x01 0xff
    li gp, 1; lb a0, 0(s0); li t2, 0xffffff80; bne a0, t2, fail
    li gp, 2; lb a0, 1(s0); li t2, 0x7f; bne a0, t2, fail
    li gp, 3; lb a0, 3(s0); li t2, -1; bne a0, t2, fail
    li gp, 4; lbu a0, 0(s0); li t2, 0x80; bne a0, t2, fail
    li gp, 5; lbu a0, 3(s0); li t2, 0xff; bne a0, t2, fail
    li gp, 6; lb a0, -14(s1); li t2, 1; bne a0, t2, fail
    li gp, 7; lbu a0, -13(s1); li t2, 0xff; bne a0, t2, fail
# lh / lhu: halves 0x8000 0x7fff at tdat+4
    li gp, 8; lh a0, 4(s0); li t2, 0xffff8000; bne a0, t2, fail
    li gp, 9; lh a0, 6(s0); li t2, 0x7fff; bne a0, t2, fail
    li gp, 10; lhu a0, 4(s0); li t2, 0x8000; bne a0, t2, fail
    li gp, 11; lhu a0, -10(s1); li t2, 0x7fff; bne a0, t2, fail
    li gp, 12; lh a0, 2(s0); li t2, 0xffffff01; bne a0, t2, fail
# lw, and the byte order of a word
    li gp, 13; lw a0, 0(s0); li t2, 0xff017f80; bne a0, t2, fail
    li gp, 14; lw a0, 8(s0); li t2, 0xdeadbeef; bne a0, t2, fail
    li gp, 15; lw a0, -4(s1); li t2, 0x00ff00ff; bne a0, t2, fail
    li gp, 16; lbu a0, 8(s0); li t2, 0xef; bne a0, t2, fail
    li gp, 17; lhu a0, 10(s0); li t2, 0xdead; bne a0, t2, fail
# loads into x0 are discarded
    li gp, 18; lw x0, 8(s0); bne x0, zero, fail
    li gp, 19; lb zero, 0(s0); lbu x0, 3(s0); lh x0, 4(s0); lhu x0, 6(s0); mv a0, zero; bne a0, zero, fail
# sw, then read back
    li gp, 20; li a1, 0x11223344; sw a1, 16(s0); lw a0, 16(s0); bne a0, a1, fail
# the fail block is here, in the middle, so that every branch to it is in range
    j 1f
fail:
    slli a0, gp, 1
    ori a0, a0, 1
    li a7, 93
    ecall
1:
    li gp, 21; li a1, 0x55667788; sw a1, -12(s1); lw a0, 4(s0); bne a0, a1, fail
    li gp, 22; lbu a0, 16(s0); li t2, 0x44; bne a0, t2, fail
    li gp, 23; lbu a0, 19(s0); li t2, 0x11; bne a0, t2, fail
# sb writes one byte only
    li gp, 24; li a1, 0xaaaaaaaa; sw a1, 20(s0); li a2, 0x1234; sb a2, 21(s0); lw a0, 20(s0); li t2, 0xaaaa34aa; bne a0, t2, fail
    li gp, 25; li a2, -1; sb a2, 23(s0); lw a0, 20(s0); li t2, 0xffaa34aa; bne a0, t2, fail
    li gp, 26; sb zero, 20(s0); lw a0, 20(s0); li t2, 0xffaa3400; bne a0, t2, fail
    li gp, 27; lw a0, 24(s0); li t2, 0x0badf00d; bne a0, t2, fail
    li gp, 28; lw a0, 16(s0); li t2, 0x11223344; bne a0, t2, fail
# sh writes two bytes only
    li gp, 29; li a1, 0xcccccccc; sw a1, 28(s0); li a2, 0x87654321; sh a2, 30(s0); lw a0, 28(s0); li t2, 0x4321cccc; bne a0, t2, fail
    li gp, 30; li a2, 0xbeef; sh a2, 28(s0); lw a0, 28(s0); li t2, 0x4321beef; bne a0, t2, fail
    li gp, 31; lh a0, 28(s0); li t2, 0xffffbeef; bne a0, t2, fail
    li gp, 32; lw a0, 24(s0); li t2, 0x0badf00d; bne a0, t2, fail
    li gp, 33; lw a0, 32(s0); li t2, 0x600df00d; bne a0, t2, fail
# large offsets, both signs
    la s2, tdat + 2048
    li gp, 34; lw a0, -2048(s2); li t2, 0xff017f80; bne a0, t2, fail
    la s3, tdat - 2036
    li gp, 35; lw a0, 2044(s3); li t2, 0xdeadbeef; bne a0, t2, fail
    li gp, 36; li a1, 0x13579bdf; sw a1, -2048+36(s2); lw a0, 36(s0); bne a0, a1, fail
# base register = destination, store of the base register itself
    li gp, 37; la a0, tdat; lw a0, 8(a0); li t2, 0xdeadbeef; bne a0, t2, fail
    li gp, 38; la a0, tdat + 40; sw a0, 0(a0); la t2, tdat + 40; lw a1, 40(s0); bne a1, t2, fail
# symbol-relative addressing: %hi/%lo and the load-symbol pseudo-instruction
    li gp, 39; lui a1, %hi(tdat + 8); lw a0, %lo(tdat + 8)(a1); li t2, 0xdeadbeef; bne a0, t2, fail
    li gp, 40; lw a0, tdat + 12; li t2, 0x00ff00ff; bne a0, t2, fail
    li gp, 41; li a1, 0x2468ace0; sw a1, tdat + 44, t0; lw a0, 44(s0); bne a0, a1, fail
    j pass
pass:
    li a0, 0
    li a7, 93
    ecall

    .data
    .p2align 4
tdat:
    .byte 0x80, 0x7f, 0x01, 0xff
    .half 0x8000, 0x7fff
    .word 0xdeadbeef
    .word 0x00ff00ff
    .word 0                     # +16
    .word 0                     # +20
    .word 0x0badf00d            # +24
    .word 0                     # +28
    .word 0x600df00d            # +32
    .word 0, 0, 0               # +36 .. +44
    .zero 4096
