# No DWARF: reports show pcs only.
    .globl k
k:
    lui t0, 0x10000
    sw zero, 0(t0)
