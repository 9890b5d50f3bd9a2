package org.rvsimt.core.api;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.fault.FaultKind;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.exec.WarpEngine;

/** Stops a kernel at its warps' next scheduling point, by faulting it with {@code cancelled}, once cancelled. */
final class CancellableEngine implements WarpEngine {
    private final WarpEngine engine;
    private final Cancellation cancellation;

    CancellableEngine(WarpEngine engine, Cancellation cancellation) {
        this.engine = engine;
        this.cancellation = cancellation;
    }

    @Override
    public void run(BlockContext context, Warp warp, int quantum) {
        String why = cancellation.reason();
        if (why != null) {
            throw new KernelFault.Signal(new KernelFault(FaultKind.CANCELLED, warp.pc(), "", new int[3], warp.id(),
                    warp.mask(), -1, "cancelled: " + why));
        }
        engine.run(context, warp, quantum);
    }
}
