package org.rvsimt.core.exec;

import java.util.List;
import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.events.InstructionEvent;
import org.rvsimt.core.events.InstructionEvents;
import org.rvsimt.core.exec.observe.FlightRecorder;
import org.rvsimt.core.exec.observe.InstructionRuns;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.core.memory.Vram;

/**
 * The state one host thread keeps while it runs one block: the block's ids, warps and code, and the
 * parts that know which thread is asking: its memory ({@link BlockMemory}), CSRs ({@link CsrFile}) and
 * console ({@link BlockConsole}), and what the engines tell each other about the instruction being
 * executed ({@link InFlight}). Reused from block to block on the same host thread.
 */
public final class BlockContext {
    public final LaunchSpec spec;
    /**
     * The code this block runs: the launch's predecoded program, until a {@code fence.i} of the block
     * finds that stores changed its instructions ({@link #synchroniseCode}). Each block starts again
     * from the launch's program, so what a block runs never depends on which host thread ran what before.
     */
    public Program program;
    public final Warp[] warps;
    public final int warpCount;
    public int bx;
    public int by;
    public int bz;
    public int blockLinear;
    public int unit;
    /** The block's memory windows and the slow paths of every access the engines do not do in line. */
    public final BlockMemory memory;
    /**
     * VRAM, its size and the block's shared memory: the arrays of {@link #memory} that the engines'
     * fast paths and compiled blocks index in line, here so that they are one field load away.
     */
    public final byte[] mem;
    public final int vramSize;
    public final byte[] shared;
    public final CsrFile csrs;
    public final BlockConsole console;
    public final InFlight inFlight = new InFlight();
    /**
     * The flight recorder behind the instruction tail of fault reports: a listener on the summary
     * channel that every launch has ({@link #events} includes it).
     */
    public final FlightRecorder flight;
    /**
     * The host thread's execution-event listener: the flight recorder, and the launch statistics, the
     * trace writer and the launch's consumer when it has them ({@link #listen}).
     */
    public ExecutionListener events;
    /**
     * The instruction events {@link #events} needs: the interpreter delivers them as asked, and the JIT
     * runs the observed variant of its compiled blocks only for {@link InstructionEvents#EVERY}.
     */
    public InstructionEvents instructionEvents;
    /**
     * With {@link InstructionEvents#FIRST_RUN}: the instructions (by index) whose first event the
     * interpreter delivered, and the compiled blocks (by first index) whose first run on this host
     * thread the interpreter did, so their instructions' first events are delivered. Else null.
     */
    public boolean[] instructionSeen;
    public boolean[] blockSeen;
    /** The instruction event, reused for every instruction of this host thread. */
    public final InstructionEvent event = new InstructionEvent();
    /** The runs the engines report on the summary channel. */
    public final InstructionRuns runs = new InstructionRuns();
    /**
     * The first block on this host thread in which a thread exited with a non-zero code, or -1. Host
     * threads take blocks in increasing order, so only that block's exits can be the launch's
     * exit_code fault; warps of later blocks skip the flight-recorder tail.
     */
    public long exitTailBlock = -1;

    public BlockContext(LaunchSpec spec, Vram vram) {
        this.spec = spec;
        int threads = spec.threadsPerBlock();
        warpCount = spec.warpsPerBlock();
        warps = new Warp[warpCount];
        for (int w = 0; w < warpCount; w++) {
            int n = Math.min(spec.warpSize(), threads - w * spec.warpSize());
            warps[w] = new Warp(w, spec.warpSize(), n == 64 ? -1L : (1L << n) - 1, spec.vlen());
        }
        memory = new BlockMemory(this, spec, vram);
        mem = memory.mem;
        vramSize = memory.vramSize;
        shared = memory.shared;
        csrs = new CsrFile(this);
        console = new BlockConsole(this, threads);
        program = spec.program();
        flight = new FlightRecorder(warpCount);
        listen(flight);
        event.blockState(new BlockStateView(this));
    }

    /** Prepares the block at linear index {@code linear}: ids, zeroed shared memory and stacks, fresh warps. */
    void enterBlock(long linear) {
        int gx = spec.grid()[0];
        int gy = spec.grid()[1];
        blockLinear = (int) linear;
        program = spec.program();
        bx = (int) (linear % gx);
        by = (int) ((linear / gx) % gy);
        bz = (int) (linear / ((long) gx * gy));
        unit = (int) (linear % spec.computeUnits());
        memory.enterBlock();
        console.clear();
        for (Warp w : warps) {
            startWarp(w, spec.entry(), w.lanes);
            w.warpInstructions = 0;
            w.laneInstructions = 0;
            w.exitCode = 0;
            w.exitLane = -1;
            w.exitLanes = 0;
            w.exitRecent = List.of();
        }
    }

    /** Makes {@code listener} (which includes {@link #flight}) this host thread's, before any block runs. */
    public void listen(ExecutionListener listener) {
        events = listener;
        instructionEvents = listener.instructionEvents();
        boolean first = instructionEvents == InstructionEvents.FIRST_RUN;
        instructionSeen = first ? new boolean[spec.program().length] : null;
        blockSeen = first ? new boolean[spec.program().length] : null;
    }

    /** Starts a warp with the native ABI's registers (or all zero under the seed ABI). */
    public void startWarp(Warp w, int pc, long lanes) {
        w.start(pc, lanes);
        if (spec.seedAbi()) {
            return;
        }
        int width = w.width;
        for (int l = 0; l < width; l++) {
            w.x[10 * width + l] = spec.argsAddress();                                    // a0
            w.x[2 * width + l] = MemoryMap.PRIVATE_BASE + spec.stackBytes();             // sp (16-aligned top)
        }
    }

    int threadLinear(Warp w, int lane) {
        return w.id * spec.warpSize() + lane;
    }

    /**
     * {@code fence.i}: the instruction words now in memory over the program's range replace the
     * predecoded ones. Only the words that changed are predecoded again; the block then runs a new
     * program, whose compiled blocks are compiled afresh as they are reached. Returns whether any
     * word changed (then the engine ends its turn, so that it continues on the new program).
     */
    public boolean synchroniseCode() {
        Program p = program;
        int[] now = Program.slots(p.length, k -> memory.vram.getInt(p.base + 4 * (k >> 1)) >>> 16 * (k & 1));
        if (java.util.Arrays.equals(now, p.words)) {
            return false;
        }
        program = p.withWords(now);
        return true;
    }
}
