package org.rvsimt.core.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.rvsimt.core.trace.TraceChannel;
import org.rvsimt.core.trace.Tracer;

/** A tracer that keeps every record as text (with its issue-clock time), for assertions on the engines' hooks. */
final class RecordingTracer implements Tracer {
    final List<String> launch = Collections.synchronizedList(new ArrayList<>());
    final List<Channel> channels = new ArrayList<>();
    private final boolean values;
    private final int onlyPc;

    RecordingTracer(boolean values, int onlyPc) {
        this.values = values;
        this.onlyPc = onlyPc;
    }

    RecordingTracer() {
        this(false, -1);
    }

    final class Channel implements TraceChannel {
        final List<String> fast = new ArrayList<>();
        final List<String> slow = new ArrayList<>();
        long clock;

        @Override
        public boolean wantsInstruction(int pc, long block, int warp) {
            return onlyPc < 0 || pc == onlyPc;
        }

        @Override
        public boolean wantsLaneValues() {
            return values;
        }

        @Override
        public void instruction(int pc, int word, long block, int warp, long mask, int[] laneValues, int valueCount) {
            fast.add(String.format("t%d b%d w%d pc%x m%x%s", clock, block, warp, pc, mask,
                    laneValues == null ? "" : " " + Arrays.toString(Arrays.copyOf(laneValues, valueCount))));
        }

        @Override
        public void advance(int warpInstructions) {
            clock += warpInstructions;
        }

        @Override
        public void blockBegin(long block, int bx, int by, int bz, int warps) {
            slow.add(String.format("t%d begin b%d (%d,%d,%d) %d warps", clock, block, bx, by, bz, warps));
        }

        @Override
        public void blockEnd(long block, long warpInstructions, long laneInstructions) {
            slow.add(String.format("t%d end b%d %d/%d", clock, block, warpInstructions, laneInstructions));
        }

        @Override
        public void divergence(long block, int warp, int pc, long taken, long notTaken) {
            slow.add(String.format("t%d diverge b%d w%d pc%x %x/%x", clock, block, warp, pc, taken, notTaken));
        }

        @Override
        public void reconvergence(long block, int warp, int pc, long mask) {
            slow.add(String.format("t%d reconverge b%d w%d pc%x %x", clock, block, warp, pc, mask));
        }

        @Override
        public void barrierWait(long block, int warp, int pc, int id) {
            slow.add(String.format("t%d wait b%d w%d pc%x id%d", clock, block, warp, pc, id));
        }

        @Override
        public void barrierRelease(long block, int id) {
            slow.add(String.format("t%d release b%d id%d", clock, block, id));
        }

        @Override
        public void warpDone(long block, int warp, int pc) {
            slow.add(String.format("t%d done b%d w%d", clock, block, warp));
        }

        @Override
        public void fault(long block, int warp, int pc, String kind, long lanes, long address) {
            slow.add(String.format("t%d fault b%d w%d pc%x %s %x", clock, block, warp, pc, kind, lanes));
        }
    }

    @Override
    public void launchBegin(long launchId, String kernel, int base, int[] code, int entry, int[] grid, int[] block,
                            int warpSize, int workers) {
        launch.add("begin " + kernel + " workers " + workers);
        channels.clear();
        for (int t = 0; t < workers; t++) {
            channels.add(new Channel());
        }
    }

    @Override
    public TraceChannel channel(int worker) {
        return channels.get(worker);
    }

    @Override
    public void launchEnd(long launchId, String status, long warpInstructions, long laneInstructions, long wallNanos) {
        launch.add("end " + status + " " + warpInstructions + "/" + laneInstructions);
    }

    @Override
    public void deviceRegister(boolean write, int offset, int value) { }

    @Override
    public void dma(long source, long destination, long bytes) { }

    @Override
    public long[] dropped() {
        return new long[2];
    }

    @Override
    public void close() { }

    List<String> fast() {
        List<String> all = new ArrayList<>();
        channels.forEach(c -> all.addAll(c.fast));
        return all;
    }

    List<String> slow() {
        List<String> all = new ArrayList<>();
        channels.forEach(c -> all.addAll(c.slow));
        return all;
    }
}
