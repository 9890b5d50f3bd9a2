# zicsr_simt.S: the read-only SIMT id CSRs of the native ABI (docs/kernel-abi.md) and the
# CTRL window (section 1) for a launch of one thread in one block; every read form (csrrs/csrrc
# with rs1 = x0, csrrsi/csrrci with zimm = 0) is allowed on a read-only CSR.
# The kernel argument block holds the expected warp size and number of compute units.
# rvsimt-only: qemu has none of these CSRs.
# Self-checking, riscv-tests convention (see rv32i_alu.S).
# Generated from src/zicsr_simt.in by src/number.py (shorthands expanded, cases numbered): edit the .in.
    .option norelax
    .text
    .globl test_main
test_main:
    mv s0, a0
    lw s1, 0(a0)                 # expected warp size
    lw s2, 4(a0)                 # expected compute units
    li gp, 1; csrr a0, 0xcc0; bnez a0, fail
    li gp, 2; csrr a0, vx_lane_id; bnez a0, fail
    li gp, 3; csrr a0, 0xfc0; bne a0, s1, fail
    li gp, 4; csrr a0, vx_num_threads; bne a0, s1, fail
    li gp, 5; csrr a0, 0xcc1; bnez a0, fail
    li gp, 6; csrr a0, 0xfc1; li t2, 1; bne a0, t2, fail
    li gp, 7; csrr a0, 0xcc2; bnez a0, fail
    li gp, 8; csrr a0, 0xfc2; bne a0, s2, fail
    li gp, 9; csrr a0, 0xcc4; li t2, 1; bne a0, t2, fail
    li gp, 10; csrr a0, 0xcd3; bnez a0, fail; csrr a0, 0xcd4; bnez a0, fail; csrr a0, 0xcd5; bnez a0, fail
    li gp, 11; csrr a0, 0xcd6; bnez a0, fail; csrr a0, 0xcd7; bnez a0, fail; csrr a0, 0xcd8; bnez a0, fail
    li gp, 12; li t2, 1; csrr a0, 0xcd9; bne a0, t2, fail; csrr a0, 0xcda; bne a0, t2, fail; csrr a0, 0xcdb; bne a0, t2, fail
    li gp, 13; li t2, 1; csrr a0, 0xcdc; bne a0, t2, fail; csrr a0, 0xcdd; bne a0, t2, fail; csrr a0, 0xcde; bne a0, t2, fail
    li gp, 14; csrr a0, 0xcdf; li t2, 0xc0000000; bne a0, t2, fail
    li gp, 15; csrr a0, mscratch; bne a0, s0, fail
    li gp, 16; csrr a0, mhartid; bnez a0, fail
# read-only CSRs accept every form that does not write
    li gp, 17; csrrs a0, 0xfc0, zero; bne a0, s1, fail
    li gp, 18; csrrc a0, 0xfc0, x0; bne a0, s1, fail
    li gp, 19; csrrsi a0, 0xfc0, 0; bne a0, s1, fail
    li gp, 20; csrrci a0, vx_num_threads, 0; bne a0, s1, fail
# the CTRL window: lane id at +0x44, blockDim.x at +0x20, argument block at +0x50
    li gp, 21; li t0, 0x80000000; lw a0, 0x44(t0); bnez a0, fail; lw a0, 0x20(t0); li t2, 1; bne a0, t2, fail; lw a0, 0x50(t0); bne a0, s0, fail
    li gp, 22; li t0, 0x80000000; lw a0, 0x00(t0); bnez a0, fail; lw a0, 0x30(t0); li t2, 1; bne a0, t2, fail
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
