package org.rvsimt.core.trace;

import static org.rvsimt.core.trace.TraceFormat.*;

import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.Kind;
import org.rvsimt.isa.decode.Decoder;

/**
 * The channel of one host thread: encodes records into its own fast and slow rings. Only the host
 * thread calls it, so its clock, sampling counter and encoders are plain fields; nothing here
 * allocates except the fault event (its kind string).
 */
final class RingChannel implements TraceChannel {
    /** Trace id by instruction id (0 for a word that does not decode), and the control-flow flag. */
    private static final int[] TRACE_IDS = new int[InstructionSet.size()];
    private static final boolean[] CONTROL_FLOW = new boolean[InstructionSet.size()];

    static {
        for (InstructionDef d : InstructionSet.all()) {
            TRACE_IDS[d.id()] = d.traceId();
            CONTROL_FLOW[d.id()] = d.kind() == Kind.BRANCH || d.kind() == Kind.JUMP;
        }
    }

    private static final int MAX_LANES = 64;

    final int worker;
    final RecordRing fast;
    final RecordRing slow;
    private final Sampling sampling;
    private final RecordEncoder instr = new RecordEncoder(INSTRUCTION_FIXED_ARGS + MAX_LANES);
    private final RecordEncoder event = new RecordEncoder(32);
    private long clock;
    private long seen;

    RingChannel(int worker, TraceOptions options, Sampling sampling, long startClock, RingOverflow overflow,
                Runnable wakeDrainer) {
        this.worker = worker;
        this.fast = new RecordRing(options.fastRingWords(), overflow, wakeDrainer);
        this.slow = new RecordRing(options.slowRingWords(), overflow, wakeDrainer);
        this.sampling = sampling;
        this.clock = startClock;
    }

    /** No drainer will read the rings again: a host thread waiting for room drops instead. */
    void abandon() {
        fast.abandon();
        slow.abandon();
    }

    /** The issue clock; read by the tracer after the launch's host threads have finished. */
    long clock() {
        return clock;
    }

    @Override
    public boolean wantsInstruction(int pc, long block, int warp) {
        TraceOptions o = sampling.options;
        if (!sampling.windowOpen || !o.selects(pc, block, warp)) {
            return false;
        }
        return o.everyNth() == 1 || seen++ % o.everyNth() == 0;
    }

    @Override
    public boolean wantsLaneValues() {
        return sampling.options.laneValues();
    }

    @Override
    public void instruction(int pc, int word, long block, int warp, long mask, int[] laneValues, int valueCount) {
        int id = Decoder.decode(word);
        int traceId = id < 0 ? 0 : TRACE_IDS[id];
        int n = laneValues == null ? 0 : Math.min(valueCount, MAX_LANES);
        int flags = (id >= 0 && CONTROL_FLOW[id] ? FLAG_CONTROL_FLOW : 0) | (n > 0 ? FLAG_LANE_VALUES : 0);
        instr.begin(LEVEL_INSTRUCTION, traceId, flags).i(pc).i(word).l(block).i(warp).l(mask).l(clock);
        if (n > 0) {
            instr.values(laneValues, n);
        }
        instr.finish();
        fast.offer(instr.words(), instr.start(), instr.length());
    }

    @Override
    public void advance(int warpInstructions) {
        clock += warpInstructions;
    }

    @Override
    public void blockBegin(long block, int bx, int by, int bz, int warps) {
        slow(event(EV_BLOCK_BEGIN).l(block).i(bx).i(by).i(bz).i(warps));
    }

    @Override
    public void blockEnd(long block, long warpInstructions, long laneInstructions) {
        slow(event(EV_BLOCK_END).l(block).l(warpInstructions).l(laneInstructions));
    }

    @Override
    public void divergence(long block, int warp, int pc, long taken, long notTaken) {
        slow(event(EV_DIVERGENCE).l(block).i(warp).i(pc).l(taken).l(notTaken));
    }

    @Override
    public void reconvergence(long block, int warp, int pc, long mask) {
        slow(event(EV_RECONVERGENCE).l(block).i(warp).i(pc).l(mask));
    }

    @Override
    public void barrierWait(long block, int warp, int pc, int id) {
        slow(event(EV_BARRIER_WAIT).l(block).i(warp).i(pc).i(id));
    }

    @Override
    public void barrierRelease(long block, int id) {
        slow(event(EV_BARRIER_RELEASE).l(block).i(id));
    }

    @Override
    public void warpDone(long block, int warp, int pc) {
        slow(event(EV_WARP_DONE).l(block).i(warp).i(pc));
    }

    @Override
    public void fault(long block, int warp, int pc, String kind, long lanes, long address) {
        slow(event(EV_FAULT).l(block).i(warp).i(pc).l(lanes).l(address).s(kind));
    }

    private RecordEncoder event(int opcode) {
        return event.begin(LEVEL_EVENT, opcode, 0).l(clock);
    }

    private void slow(RecordEncoder e) {
        e.finish();
        slow.offer(e.words(), e.start(), e.length());
    }
}
