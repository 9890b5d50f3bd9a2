# Four dependent FMAs and a return: one warp alone on its scheduler issues an FMA every
# `latency.fma` cycles (each waits for the previous one's ft0), after the first fetch of the code
# line (`l2.latency`); the return needs no FMA result and issues right after the last FMA.
        .globl  chain
chain:
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        fmadd.s ft0, ft0, ft1, ft2
        ret
