package org.rvsimt.device.gdb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.rvsimt.core.events.BlockState;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.events.InstructionEvent;
import org.rvsimt.core.fault.FaultKind;
import org.rvsimt.core.fault.KernelFault;

/**
 * All-stop control of one launch for a debugger: breakpoints, stopping every host thread, stepping
 * one warp while the others are held, and the lanes of the stopped blocks as threads.
 *
 * <p>Each host thread's listener stops ("parks") inside its callback, before an instruction, so
 * the block it runs is consistent and nothing else touches it. A stop is established when the
 * first host thread parks for a reason (breakpoint, finished step, fault, interrupt, the launch's
 * first instruction) and every other host thread inside a block has parked at its next event;
 * threads between blocks wait before starting the next one. The launch starts stopped, so the
 * debugger sees it before its first instruction.
 */
public final class DebugSession implements ExecutionConsumer {
    /** Signals of stop replies (GDB's numbering, include/gdb/signals.h). */
    static final int SIGINT = 2;
    static final int SIGILL = 4;
    static final int SIGTRAP = 5;
    static final int SIGABRT = 6;
    static final int SIGBUS = 7;
    static final int SIGSEGV = 11;

    /** How long a stop waits for a host thread that does not park (it left its block without telling). */
    private static final long STRAGGLER_MILLIS = 1000;

    /**
     * RUNNING: every warp runs. STEPPING: one instruction of one warp. LOCKED: one warp runs until it
     * reaches a breakpoint (GDB's "continue this thread only", its software single step on RISC-V).
     * In the last two, only the host thread of that warp runs.
     */
    private enum Mode { RUNNING, STEPPING, LOCKED, STOPPED }

    /** Where a host thread is stopped: its block, and the warp whose event it is in (-1: none). */
    record Parked(int host, BlockState state, int warp, int pc, long mask) { }

    /** A stop to report: the signal and the thread it names. */
    record Stop(int signal, long thread) { }

    // Read without the lock on every instruction; written under it.
    private volatile Mode mode = Mode.STOPPED;
    private volatile boolean attached = true;
    private volatile boolean killed;
    private volatile int[] breakpoints = new int[0];

    // Guarded by this.
    private final List<Parked> parked = new ArrayList<>();
    private int running;                // host threads inside a block
    private int pendingSignal = SIGTRAP; // of a stop not yet claimed by a parking thread
    private Stop stop;
    private long epoch;
    private HostListener stepper;
    private long stepBlock;
    private int stepWarp;
    private long stepThread;
    private long preferred;             // the thread to name when its warp stops (GDB's selected one)
    private long lastPark;
    private boolean finished;
    private boolean faulted;

    @Override
    public ExecutionListener listener(int hostThread, int hostThreads) {
        return new HostListener(hostThread);
    }

    @Override
    public void launchEnd(boolean faulted) {
        synchronized (this) {
            this.finished = true;
            this.faulted = faulted;
            notifyAll();
        }
    }

    // ------------------------------------------------------------------ the debugger's side

    /**
     * Waits until the launch is stopped (every host thread inside a block parked) or finished,
     * at most {@code millis}; returns the stop, or empty (still running, or finished: see {@link #finished}).
     */
    synchronized Optional<Stop> awaitStop(long millis) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        while (true) {
            if (finished) {
                return Optional.empty();
            }
            long now = System.currentTimeMillis();
            if (stop != null && !parked.isEmpty()
                    && (parked.size() >= running || now - lastPark > STRAGGLER_MILLIS)) {
                return Optional.of(stop);
            }
            if (now >= end) {
                return Optional.empty();
            }
            wait(Math.min(50, end - now));
        }
    }

    synchronized boolean finished() {
        return finished;
    }

    synchronized boolean faulted() {
        return faulted;
    }

    /** Ctrl-C: stop at the next instruction any host thread reaches. */
    synchronized void interrupt() {
        if (mode == Mode.RUNNING && stop == null) {
            pendingSignal = SIGINT;
            mode = Mode.STOPPED;
            notifyAll();
        }
    }

    /**
     * Lets every host thread run until the next breakpoint, fault or interrupt. A stop in the warp of
     * {@code selected} names that thread (GDB follows the thread it is stepping), else the warp's
     * lowest active lane.
     */
    synchronized void resume(long selected) {
        preferred = selected;
        resume();
    }

    private void resume() {
        stop = null;
        pendingSignal = SIGTRAP;
        mode = Mode.RUNNING;
        epoch++;
        notifyAll();
    }

    /**
     * Executes one instruction of {@code thread}'s warp while every other host thread stays parked
     * (warps of the same block only run if the thread's warp is not the one its host thread stopped
     * in); false when the thread is not in a stopped block.
     */
    synchronized boolean step(long thread) {
        return runOne(thread, Mode.STEPPING);
    }

    /**
     * Runs only {@code thread}'s warp (its host thread; the others stay parked) until it reaches a
     * breakpoint; false when the thread is not in a stopped block.
     */
    synchronized boolean continueOnly(long thread) {
        return runOne(thread, Mode.LOCKED);
    }

    private boolean runOne(long thread, Mode how) {
        Optional<LaneThread> t = thread(thread);
        if (t.isEmpty()) {
            return false;
        }
        HostListener h = listenerOf(t.get().host().host());
        if (h == null) {
            return false;
        }
        stepper = h;
        stepBlock = t.get().state().block();
        stepWarp = t.get().warp();
        stepThread = thread;
        h.stepStarted = false;
        h.stepAny = false;
        stop = null;
        pendingSignal = SIGTRAP;
        mode = how;
        epoch++;
        notifyAll();
        return true;
    }

    /** The debugger left (detach, or the connection dropped): no more stops, everyone runs to the end. */
    synchronized void detach() {
        attached = false;
        breakpoints = new int[0];
        resume();
    }

    /** Ends the launch: every warp stops with the fault {@code cancelled} at its next instruction. */
    synchronized void kill() {
        killed = true;
        detach();
    }

    synchronized void insertBreakpoint(int pc) {
        int[] b = breakpoints;
        if (Arrays.binarySearch(b, pc) < 0) {
            int[] n = Arrays.copyOf(b, b.length + 1);
            n[b.length] = pc;
            Arrays.sort(n);
            breakpoints = n;
        }
    }

    synchronized void removeBreakpoint(int pc) {
        breakpoints = Arrays.stream(breakpoints).filter(p -> p != pc).toArray();
    }

    /** Every lane of every stopped block, by thread id. */
    synchronized List<LaneThread> threads() {
        List<LaneThread> all = new ArrayList<>();
        for (Parked p : parked) {
            BlockState s = p.state();
            for (int w = 0; w < s.warpCount(); w++) {
                for (long m = s.lanes(w); m != 0; m &= m - 1) {
                    all.add(new LaneThread(p, w, Long.numberOfTrailingZeros(m)));
                }
            }
        }
        all.sort(Comparator.comparingLong(LaneThread::id));
        return all;
    }

    synchronized Optional<LaneThread> thread(long id) {
        if (id <= 0) {
            return Optional.empty();
        }
        for (Parked p : parked) {
            BlockState s = p.state();
            long perBlock = (long) s.warpCount() * s.warpSize();
            if ((id - 1) / perBlock != s.block()) {
                continue;
            }
            int inBlock = (int) ((id - 1) % perBlock);
            int w = inBlock / s.warpSize();
            int lane = inBlock % s.warpSize();
            if ((s.lanes(w) >> lane & 1) != 0) {
                return Optional.of(new LaneThread(p, w, lane));
            }
        }
        return Optional.empty();
    }

    // ------------------------------------------------------------------ the host threads' side

    private final List<HostListener> listeners = new ArrayList<>();

    private HostListener listenerOf(int host) {
        for (HostListener l : listeners) {
            if (l.host == host) {
                return l;
            }
        }
        return null;
    }

    private static boolean contains(int[] sorted, int pc) {
        return sorted.length != 0 && Arrays.binarySearch(sorted, pc) >= 0;
    }

    private static long threadId(BlockState s, int warp, int lane) {
        return s.block() * ((long) s.warpCount() * s.warpSize()) + (long) warp * s.warpSize() + lane + 1;
    }

    private static KernelFault.Signal killedFault(InstructionEvent e) {
        BlockState s = e.blockState();
        return new KernelFault.Signal(new KernelFault(FaultKind.CANCELLED, e.pc(), "",
                new int[] {s.blockX(), s.blockY(), s.blockZ()}, e.warp(), e.mask(), -1, "cancelled: killed by the debugger"));
    }

    /** Records a stop, unless one is already being established (the first reason wins). */
    private void claimStop(int signal, long thread) {
        if (stop == null) {
            stop = new Stop(signal, thread);
        }
        mode = Mode.STOPPED;
    }

    /** Parks the calling host thread until a resume lets it (or, while stepping, it is the stepper) go. */
    private void park(HostListener l, Parked where) {
        parked.add(where);
        lastPark = System.currentTimeMillis();
        notifyAll();
        long at = epoch;
        try {
            while (epoch == at || mode == Mode.STOPPED || alone() && stepper != l) {
                wait();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            attached = false;
        } finally {
            parked.remove(where);
        }
    }

    /** Whether only the stepper's host thread may run. */
    private boolean alone() {
        return mode == Mode.STEPPING || mode == Mode.LOCKED;
    }

    /** The thread a stop at this event names: the preferred one if it is an active lane of this warp. */
    private long reportThread(InstructionEvent e) {
        long first = threadId(e.blockState(), e.warp(), 0);
        long lane = preferred - first;
        if (lane >= 0 && lane < e.blockState().warpSize() && (e.mask() >> lane & 1) != 0) {
            return preferred;
        }
        return first + Long.numberOfTrailingZeros(e.mask());
    }

    /** The instruction event's check; the host thread parks here while the launch is stopped. */
    private synchronized void check(HostListener l, InstructionEvent e) {
        while (attached) {
            boolean hit = contains(breakpoints, e.pc());
            Integer signal = null;
            long thread = -1;
            if (mode == Mode.STOPPED) {
                if (stop == null) {
                    signal = pendingSignal;     // the launch's first instruction, or an interrupt
                    thread = threadId(e.blockState(), e.warp(), Long.numberOfTrailingZeros(e.mask()));
                }
            } else if (alone() && stepper == l) {
                boolean target = e.block() == stepBlock && e.warp() == stepWarp;
                if (mode == Mode.STEPPING && target && !l.stepStarted) {
                    l.stepStarted = true;       // the instruction to step: run it
                    return;
                }
                if (target && hit || mode == Mode.STEPPING && target || l.stepAny) {
                    signal = SIGTRAP;
                    thread = stepThread;
                } else {
                    return;                     // other warps of the block pass while the target waits
                }
            } else if (mode == Mode.RUNNING) {
                if (!hit) {
                    return;
                }
                signal = SIGTRAP;
                thread = reportThread(e);
            }
            if (signal != null) {
                claimStop(signal, thread);
            }
            park(l, new Parked(l.host, e.blockState(), e.warp(), e.pc(), e.mask()));
            if (killed) {
                throw killedFault(e);
            }
            // Resumed: look again (a breakpoint this thread was held at counts as hit now).
        }
    }

    private synchronized void enterBlock(HostListener l) {
        try {
            while (attached && (mode == Mode.STOPPED && stop != null || alone() && stepper != l)) {
                wait();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        running++;
    }

    /** The block ended ({@code warp} >= 0: by a fault of that warp, reported as a signal). */
    private synchronized void leaveBlock(HostListener l, long block, int warp, int pc, long lanes, int signal) {
        try {
            if (!attached || l.state == null || l.state.block() != block) {
                return;
            }
            if (warp >= 0) {
                claimStop(signal, threadId(l.state, warp, Long.numberOfTrailingZeros(lanes)));
            } else if (alone() && stepper == l && block == stepBlock) {
                claimStop(SIGTRAP, stepThread);       // the stepped warp's block ended: stop at its end
            }
            if (mode != Mode.RUNNING && !(alone() && stepper == l)) {
                park(l, new Parked(l.host, l.state, warp, pc, lanes));
            }
        } finally {
            running--;
            notifyAll();
        }
    }

    private static int signalOf(String kind) {
        return switch (kind) {
            case "out_of_bounds", "read_only" -> SIGSEGV;
            case "misaligned" -> SIGBUS;
            case "illegal_instruction" -> SIGILL;
            default -> SIGABRT;
        };
    }

    /** One host thread's listener. Fast path: nothing but two volatile reads while running without breakpoints. */
    private final class HostListener implements ExecutionListener {
        final int host;
        BlockState state;
        boolean stepStarted;
        boolean stepAny;

        HostListener(int host) {
            this.host = host;
            synchronized (DebugSession.this) {
                listeners.add(this);
            }
        }

        @Override
        public void blockBegin(long block, int x, int y, int z, int warps) {
            if (attached) {
                enterBlock(this);
            }
        }

        @Override
        public void instruction(InstructionEvent e) {
            if (killed) {
                throw killedFault(e);
            }
            if (!attached) {
                return;
            }
            state = e.blockState();
            if (mode == Mode.RUNNING && !contains(breakpoints, e.pc())) {
                return;
            }
            check(this, e);
        }

        @Override
        public void warpExit(long block, int warp, int pc) {
            if ((mode == Mode.STEPPING || mode == Mode.LOCKED) && block == stepBlock && warp == stepWarp) {
                stepAny = true;      // the stepped warp is gone: stop at this host thread's next event
            }
        }

        @Override
        public void blockEnd(long block, long warpInstructions, long laneInstructions) {
            leaveBlock(this, block, -1, 0, 0, 0);
        }

        @Override
        public void fault(long block, int warp, int pc, String kind, long lanes, long address) {
            leaveBlock(this, block, warp, pc, lanes == 0 ? 1 : lanes, signalOf(kind));
        }
    }
}
