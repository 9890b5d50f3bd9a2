package org.rvsimt.core.exec.jit;

import org.rvsimt.core.events.InstructionEvents;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.WarpEngine;
import org.rvsimt.core.exec.fault.Faults;
import org.rvsimt.core.exec.interp.Interpreter;
import org.rvsimt.core.exec.interp.LaneOps;
import org.rvsimt.core.exec.observe.InstructionRuns;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Divergence;
import org.rvsimt.core.exec.simt.SimtControl;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.core.memory.MemoryFault;

/**
 * The JIT engine: runs compiled basic blocks and leaves everything else (jumps through registers,
 * ecall, CSRs, atomics, SIMT control, instructions near the watchdog limit) to the interpreter,
 * one instruction at a time. Instructions are counted per block. Divergence, reconvergence and
 * barriers go through the same code as the interpreter's, so both engines agree bit for bit.
 *
 * <p>Each compiled block run is one event on the summary channel (the statistics and the flight
 * recorder count from it). A launch with a listener that asks for every instruction event runs the
 * observed variant of each block, compiled with a call before every instruction; otherwise compiled
 * blocks contain no event code.
 */
public final class JitEngine implements WarpEngine {
    /**
     * Tiered execution: a block runs in the interpreter until it has run this many times (counted
     * over all host threads), then compiles on the background compiler while warps keep
     * interpreting it. A launch that runs each block a few times never waits for the class loading,
     * code generation and JVM warm-up of compiled blocks (a fresh process ran saxpy's launch 5-10x
     * slower on the JIT than on the interpreter). 0 compiles every block when first reached, on the
     * warp's own thread (-Drvsimt.jit.compileThreshold=0: the tests, which must run compiled code).
     * Read when the engine is made (once per launch and host thread).
     */
    private final int compileThreshold = Integer.getInteger("rvsimt.jit.compileThreshold", 256);

    private final Interpreter interpreter = new Interpreter();

    /** Where the last loop region stopped (the engine runs on one host thread). */
    private final RegionExit exit = new RegionExit();


    /**
     * The cache this engine used last. run() is called once per warp quantum, and the map lookup
     * (a boxed key) cost a few percent of a dense kernel; an immutable holder keeps it thread-safe.
     */
    private volatile LastCache last;

    private record LastCache(Program program, long key, BlockCache blocks) { }

    /** Blocks of one program for one (warp width, SFU mode, observed), shared by all host threads. */
    private BlockCache cache(Program p, int width, boolean fastSfu, boolean observed) {
        long key = (long) width << 2 | (observed ? 2 : 0) | (fastSfu ? 1 : 0);
        LastCache l = last;
        if (l != null && l.program() == p && l.key() == key) {
            return l.blocks();
        }
        BlockCache blocks = (BlockCache) p.jitCaches.computeIfAbsent(key, k -> new BlockCache(p.length));
        last = new LastCache(p, key, blocks);
        return blocks;
    }

    /**
     * The compiled block at {@code pc}, or null: not in the program, not compilable, or not (yet)
     * compiled; in the last case this run is counted, and the block's compile is queued once it is hot.
     */
    private JitBlock block(BlockCache cache, Program p, int pc, int width, boolean fastSfu, boolean observed) {
        if (!p.contains(pc) || (pc & p.alignMask) != 0) {
            return null;      // the interpreter reports the fault
        }
        int i = (pc - p.base) >>> 1;
        Object b = cache.slots.get(i);
        if (b instanceof JitBlock compiled) {
            return compiled;
        }
        if (b == null) {
            if (compileThreshold <= 0) {
                b = TierUpCompiler.compile(cache, p, i, width, fastSfu, observed, true);
                if (!cache.slots.compareAndSet(i, null, b)) {
                    b = cache.slots.get(i);
                }
            } else if (++cache.runs[i] >= compileThreshold && cache.slots.compareAndSet(i, null, BlockCache.PENDING)) {
                TierUpCompiler.submit(cache, p, i, width, fastSfu, observed);
            }
        }
        if (b instanceof BlockCache.Failure f) {
            throw new IllegalStateException("JIT: cannot compile the block at 0x" + Integer.toHexString(pc) + ": "
                    + f.error().getMessage(), f.error());
        }
        return b instanceof JitBlock compiled ? compiled : null;
    }

    @Override
    public void run(BlockContext c, Warp w, int quantum) {
        boolean observed = c.instructionEvents == InstructionEvents.EVERY;
        Program p = c.program;
        InstructionRuns runs = c.runs.of(p);
        boolean[] firstRuns = c.blockSeen;     // only when a listener asks for each instruction's first event
        int width = w.width;
        boolean fastSfu = c.spec.fastSfu();
        BlockCache cache = cache(p, width, fastSfu, observed);
        long budget = c.spec.watchdog();
        long full = width == 64 ? -1L : (1L << width) - 1;
        int pc = w.pc;
        long m = w.mask;
        int rpcTop = Divergence.topRpc(w);
        int steps = 0;                 // not yet added to the warp's counters
        long lanes = 0;
        int executed = 0;              // in this call, for the quantum (which must end where the interpreter's does)
        int blockStart = pc;
        int limit;
        try {
            while (executed < quantum) {
                if (pc == rpcTop) {
                    if (!SimtControl.reconverge(c, w, pc, m)) {
                        break;
                    }
                    pc = w.pc;
                    m = w.mask;
                    rpcTop = Divergence.topRpc(w);
                    continue;
                }
                JitBlock b = block(cache, p, pc, width, fastSfu, observed);
                boolean firstRun = b != null && firstRuns != null && !firstRuns[(pc - p.base) >>> 1];
                // Not compiled yet (tiered execution): the interpreter runs the block, exactly its extent.
                int interpreted = b == null && p.contains(pc) ? cache.extent(p, (pc - p.base) >>> 1) : 0;
                if (b == null || w.warpInstructions + steps + b.length() > budget
                        || executed + b.length() > quantum || firstRun) {
                    w.pc = pc;
                    w.mask = m;
                    w.warpInstructions += steps;
                    w.laneInstructions += lanes;
                    steps = 0;
                    lanes = 0;
                    long before = w.warpInstructions;
                    if (firstRun || interpreted > 0) {
                        // When a listener asks for each instruction's first event (the launch statistics
                        // learn from it which memory space a load or store addresses), the interpreter
                        // runs each block at least once per host thread before its compiled code.
                        int n = firstRun ? b.length() : interpreted;
                        if (firstRuns != null) {
                            firstRuns[(pc - p.base) >>> 1] = true;
                        }
                        interpreter.run(c, w, Math.min(n, quantum - executed));
                    } else {
                        interpreter.run(c, w, 1);
                    }
                    executed += (int) (w.warpInstructions - before);
                    if (w.state != Warp.State.READY || c.program != p) {
                        return;     // done, waiting, or a fence.i changed the code: the next turn runs it
                    }
                    pc = w.pc;
                    m = w.mask;
                    rpcTop = Divergence.topRpc(w);
                    continue;
                }
                blockStart = pc;
                LoopRegion region = b.region();
                long taken;
                if (region != null && (m != full || !headerPending(b))
                        && region.enterable(firstRuns, p.base, rpcTop)
                        && (limit = regionLimit(region, w, steps, budget, quantum - executed)) > 0) {
                    // The loop as one region: whole iterations, then the block it stopped after.
                    exit.limit = limit;
                    exit.runs = runs;
                    exit.simd = region.simd() && SimdLanesLoader.usable(compileThreshold <= 0);
                    try {
                        taken = m != full ? region.code().runMasked(c, w, m, exit)
                                : region.code().runFull(c, w, m, exit);
                    } catch (KernelFault.Signal | MemoryFault | LaneOps.RoundingFault e) {
                        int j = region.partOf(c.inFlight.jitPc);
                        int done = exit.iterations * region.length() + (j == 0 ? 0 : region.before()[j - 1])
                                + p.instructions(region.parts()[j].start(), c.inFlight.jitPc);
                        steps += done;
                        lanes += (long) done * Long.bitCount(m);
                        throw blockFault(c, w, m, e);
                    }
                    int done = exit.iterations * region.length() + region.before()[exit.part];
                    steps += done;
                    executed += done;
                    lanes += (long) done * Long.bitCount(m);
                    b = region.parts()[exit.part];
                } else {
                    int index = (pc - p.base) >>> 1;
                    c.events.issue(c.blockLinear, w.id, runs.block(index, b.length()), m);
                    try {
                        taken = m != full ? b.code().runMasked(c, w, m)
                                : b.simd() == null ? b.code().runFull(c, w, m, false) : b.simd().run(b.code(), c, w, m);
                    } catch (KernelFault.Signal | MemoryFault | LaneOps.RoundingFault e) {
                        // An instruction faulted inside the block, at c.inFlight.jitPc: count what ran, as the
                        // interpreter would have.
                        int done = p.instructions(blockStart, c.inFlight.jitPc);
                        steps += done;
                        lanes += (long) done * Long.bitCount(m);
                        throw blockFault(c, w, m, e);
                    }
                    steps += b.length();
                    executed += b.length();
                    lanes += (long) b.length() * Long.bitCount(m);
                }
                switch (b.end()) {
                    case JitBlock.BRANCH -> {
                        if (taken == m) {
                            pc = b.target();
                        } else if (taken == 0) {
                            pc = b.nextPc();
                        } else {
                            SimtControl.branch(c, w, p, (b.lastPc() - p.base) >>> 1, b.lastPc(), m, taken, b.target());
                            pc = w.pc;
                            m = w.mask;
                            rpcTop = Divergence.topRpc(w);
                        }
                    }
                    case JitBlock.JAL -> {
                        if (b.link()) {
                            w.callDepth++;
                        }
                        pc = b.target();
                    }
                    default -> pc = b.nextPc();
                }
                if (b.stores() && SimtControl.storeBarrier(c, w, b.lastPc(), pc, m)) {
                    break;
                }
            }
        } finally {
            w.warpInstructions += steps;
            w.laneInstructions += lanes;
        }
        if (w.state == Warp.State.READY) {
            w.pc = pc;
            w.mask = m;
        }
    }

    /**
     * Whole iterations of {@code region} that fit in the watchdog's and the quantum's room: the blocks
     * of each would each have fitted, so the region stops where the engine's blocks would.
     */
    private static int regionLimit(LoopRegion region, Warp w, int steps, long budget, int quantumLeft) {
        long room = Math.min(budget - w.warpInstructions - steps, quantumLeft);
        return (int) Math.max(0, room / region.length());
    }

    /**
     * Whether a full-warp arrival at a region's header runs the header's block instead: while the
     * block waits for SimdLanes to be warm ({@link SimdPending}), so that its own run asks for its
     * SIMD recompile; until then the region would run its plain loops anyway.
     */
    private static boolean headerPending(JitBlock header) {
        return header.simd() != null;
    }

    /**
     * The fault report of what a compiled block threw at {@code c.inFlight.jitPc}: the vector and matrix units
     * report their own; a scalar access's slow path and the dynamic rounding mode only say what went
     * wrong, and the report is made here, as the interpreter makes it.
     */
    private static KernelFault.Signal blockFault(BlockContext c, Warp w, long m, RuntimeException e) {
        return switch (e) {
            case MemoryFault mf -> Faults.memoryFault(c, w, c.inFlight.jitPc, c.inFlight.faultLane, m, mf);
            case LaneOps.RoundingFault rf -> Faults.roundingFault(c, w, c.inFlight.jitPc, rf.lane, rf.rm);
            case KernelFault.Signal s -> s;
            default -> throw new IllegalStateException(e);
        };
    }
}
