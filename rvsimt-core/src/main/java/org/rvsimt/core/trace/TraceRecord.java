package org.rvsimt.core.trace;

import java.util.Arrays;

/**
 * One decoded trace record. {@code time} is the issue clock of the host thread that produced it
 * (for the tracer's own events: the trace clock, see {@code docs/trace-format.md}).
 */
public sealed interface TraceRecord {

    long time();

    /** A warp-instruction (level 0). {@code values} holds the destination value of each active lane, or is empty. */
    record Instruction(long time, int traceId, int pc, int word, long block, int warp, long mask, int[] values,
                       boolean controlFlow) implements TraceRecord {
        public Instruction {
            values = values.clone();
        }

        public int activeLanes() {
            return Long.bitCount(mask);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Instruction i && i.time == time && i.traceId == traceId && i.pc == pc && i.word == word
                    && i.block == block && i.warp == warp && i.mask == mask && i.controlFlow == controlFlow
                    && Arrays.equals(i.values, values);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(time) * 31 + pc;
        }

        @Override
        public int[] values() {
            return values.clone();
        }
    }

    record LaunchBegin(long time, long launchId, String kernel, int base, int entry, int[] grid, int[] block,
                       int warpSize, int workers) implements TraceRecord {
        public LaunchBegin {
            grid = grid.clone();
            block = block.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof LaunchBegin l && l.time == time && l.launchId == launchId && l.kernel.equals(kernel)
                    && l.base == base && l.entry == entry && Arrays.equals(l.grid, grid) && Arrays.equals(l.block, block)
                    && l.warpSize == warpSize && l.workers == workers;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(launchId);
        }

        @Override
        public int[] grid() {
            return grid.clone();
        }

        @Override
        public int[] block() {
            return block.clone();
        }
    }

    record LaunchEnd(long time, long launchId, String status, long warpInstructions, long laneInstructions,
                     long wallNanos) implements TraceRecord { }

    record BlockBegin(long time, long block, int bx, int by, int bz, int warps) implements TraceRecord { }

    record BlockEnd(long time, long block, long warpInstructions, long laneInstructions) implements TraceRecord { }

    record Divergence(long time, long block, int warp, int pc, long taken, long notTaken) implements TraceRecord { }

    record Reconvergence(long time, long block, int warp, int pc, long mask) implements TraceRecord { }

    record BarrierWait(long time, long block, int warp, int pc, int id) implements TraceRecord { }

    record BarrierRelease(long time, long block, int id) implements TraceRecord { }

    record WarpDone(long time, long block, int warp, int pc) implements TraceRecord { }

    record Fault(long time, long block, int warp, int pc, String kind, long lanes, long address) implements TraceRecord { }

    record RegisterAccess(long time, boolean write, int offset, int value) implements TraceRecord { }

    record Dma(long time, long source, long destination, long bytes) implements TraceRecord { }
}
