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

    /** Instruction events reach only the listeners that ask for some. */
    private static final class Both implements ExecutionListener {
        private final ExecutionListener a;
        private final ExecutionListener b;
        private final boolean aInstructions;
        private final boolean bInstructions;

        Both(ExecutionListener a, ExecutionListener b) {
            this.a = a;
            this.b = b;
            aInstructions = a.instructionEvents() != InstructionEvents.NONE;
            bInstructions = b.instructionEvents() != InstructionEvents.NONE;
        }

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
        public void issue(long block, int warp, InstructionRun run, long mask) {
            a.issue(block, warp, run, mask);
            b.issue(block, warp, run, mask);
        }

        @Override
        public InstructionEvents instructionEvents() {
            return a.instructionEvents().and(b.instructionEvents());
        }

        @Override
        public void instruction(InstructionEvent e) {
            if (aInstructions) {
                a.instruction(e);
            }
            if (bInstructions) {
                b.instruction(e);
            }
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
