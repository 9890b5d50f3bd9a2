package org.rvsimt.core.events;

/** Combining listeners. */
public final class ExecutionListeners {
    private ExecutionListeners() { }

    /** A listener that passes every event to {@code first}, then to {@code second}; null is none. */
    public static ExecutionListener both(ExecutionListener first, ExecutionListener second) {
        if (first == null) {
            return second;
        }
        if (second == null) {
            return first;
        }
        return new Both(first, second);
    }

    private record Both(ExecutionListener a, ExecutionListener b) implements ExecutionListener {
        @Override
        public void blockBegin(long block, int x, int y, int z, int warps) {
            a.blockBegin(block, x, y, z, warps);
            b.blockBegin(block, x, y, z, warps);
        }

        @Override
        public void blockEnd(long block, long warpInstructions, long laneInstructions) {
            a.blockEnd(block, warpInstructions, laneInstructions);
            b.blockEnd(block, warpInstructions, laneInstructions);
        }

        @Override
        public void warpStart(long block, int warp, int pc, long mask) {
            a.warpStart(block, warp, pc, mask);
            b.warpStart(block, warp, pc, mask);
        }

        @Override
        public void instruction(InstructionEvent e) {
            a.instruction(e);
            b.instruction(e);
        }

        @Override
        public void divergence(long block, int warp, int pc, long taken, long notTaken) {
            a.divergence(block, warp, pc, taken, notTaken);
            b.divergence(block, warp, pc, taken, notTaken);
        }

        @Override
        public void reconvergence(long block, int warp, int pc, long mask) {
            a.reconvergence(block, warp, pc, mask);
            b.reconvergence(block, warp, pc, mask);
        }

        @Override
        public void barrierArrive(long block, int warp, int pc, int id) {
            a.barrierArrive(block, warp, pc, id);
            b.barrierArrive(block, warp, pc, id);
        }

        @Override
        public void barrierRelease(long block, int id) {
            a.barrierRelease(block, id);
            b.barrierRelease(block, id);
        }

        @Override
        public void warpExit(long block, int warp, int pc) {
            a.warpExit(block, warp, pc);
            b.warpExit(block, warp, pc);
        }

        @Override
        public void fault(long block, int warp, int pc, String kind, long lanes, long address) {
            a.fault(block, warp, pc, kind, lanes, address);
            b.fault(block, warp, pc, kind, lanes, address);
        }
    }
}
