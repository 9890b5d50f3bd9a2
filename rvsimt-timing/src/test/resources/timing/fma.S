# Dependent FMA chains: every thread runs `iterations` x 64 fmadd.s, each needing the previous one's
# result, so one warp issues one FMA per FMA latency; more warps fill the gaps until the pipe's
# initiation interval limits. (64 lines: the assembler has no .rept.) Arguments: iterations.
        .globl  fma
fma:
        lw      t0, 0(a0)
loop:
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        addi    t0, t0, -1
        bnez    t0, loop
        ret
