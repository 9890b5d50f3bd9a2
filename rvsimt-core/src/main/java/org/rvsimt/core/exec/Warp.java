package org.rvsimt.core.exec;

/**
 * One warp's architectural state, structure-of-arrays: register r of lane l is {@code x[r * width + l]}
 * (floats as raw bits in {@code f}), so a lane loop walks contiguous memory. Row 32 of {@code x} is
 * a sink for writes to x0.
 */
public final class Warp implements org.rvsimt.core.events.LaneRegisters {
    public enum State { READY, BARRIER, DONE }

    final int id;                 // warp index within the block
    final int width;              // lanes per warp (warp size)
    final long lanes;             // lanes that hold a thread of the block
    final int vlen;               // RVV VLEN in bits, for the vector state made on first use
    final int[] x;
    final int[] f;
    final int[] fflags;
    final int[] frm;
    final int[] reservation;      // lr.w address per lane
    final int[] reservedValue;    // value lr.w saw, for sc.w's compare-and-set
    final int[] scratch;          // per-lane temporaries (jump targets, shuffled values)
    long reserved;                // lanes holding a reservation
    final ReconvergenceStack stack = new ReconvergenceStack();
    private VectorState vector;   // allocated by the first vector instruction or vector CSR access
    private MatrixState matrix;   // allocated by the first matrix instruction or matrix CSR access

    int pc;
    long mask;                    // active lanes now
    long exited;                  // lanes whose thread has ended
    int callDepth;
    State state = State.READY;
    int barrierId;                // what the warp waits on while in BARRIER
    int barrierPc;
    int barrierCount;             // vx_bar: number of warps that must arrive
    long barrierSince;            // the block's issue count when the warp arrived
    long warpInstructions;
    long laneInstructions;
    int exitCode;                 // first non-zero exit code of a lane (ecall 93)
    int exitLane = -1;
    long exitLanes;               // every lane that exited with a non-zero code
    int exitPc;                   // the ecall that exited with exitCode
    /** The flight-recorder tail at that ecall (empty when the host thread already kept an earlier block's). */
    java.util.List<KernelFault.Step> exitRecent = java.util.List.of();
    /**
     * Flight recorder: the warp's last {@link #FLIGHT} issue records (start pc, instruction count,
     * mask), kept with tracing off so a fault can show what led to it. The interpreter writes one
     * per instruction, the JIT one per compiled block, which keeps the cost to a few stores.
     */
    static final int FLIGHT = 64;
    final long[] flight = new long[2 * FLIGHT];   // per entry: start pc << 32 | count, then the mask
    int flightNext;

    Warp(int id, int width, long lanes) {
        this(id, width, lanes, VectorState.DEFAULT_VLEN);
    }

    Warp(int id, int width, long lanes, int vlen) {
        this.id = id;
        this.width = width;
        this.lanes = lanes;
        this.vlen = vlen;
        x = new int[33 * width];
        f = new int[32 * width];
        fflags = new int[width];
        frm = new int[width];
        reservation = new int[width];
        reservedValue = new int[width];
        scratch = new int[width];
    }

    /** Records that {@code count} instructions from {@code startPc} are issued with {@code activeMask}. */
    /** The last instruction the flight recorder saw, or {@code otherwise} before the first. */
    int lastPc(int otherwise) {
        if (flightNext == 0) {
            return otherwise;
        }
        int k = ((flightNext - 1) & (FLIGHT - 1)) << 1;
        return (int) (flight[k] >>> 32) + 4 * ((int) flight[k] - 1);
    }

    void fly(int startPc, int count, long activeMask) {
        int k = (flightNext++ & (FLIGHT - 1)) << 1;
        flight[k] = (long) startPc << 32 | count;
        flight[k + 1] = activeMask;
    }

    /** Starts (or restarts) the warp at pc with the given lanes active and all registers zero. */
    void start(int startPc, long activeLanes) {
        java.util.Arrays.fill(x, 0);
        java.util.Arrays.fill(f, 0);
        java.util.Arrays.fill(fflags, 0);
        java.util.Arrays.fill(frm, 0);
        stack.clear();
        if (vector != null) {
            vector.reset();
        }
        if (matrix != null) {
            matrix.reset();
        }
        pc = startPc;
        mask = activeLanes & lanes;
        exited = lanes & ~mask;
        reserved = 0;
        callDepth = 0;
        flightNext = 0;
        state = mask == 0 ? State.DONE : State.READY;
    }

    /** The lanes' RVV state, created on first use with the launch's VLEN. */
    VectorState vector() {
        if (vector == null) {
            vector = new VectorState(width, vlen);
        }
        return vector;
    }

    /** The lanes' matrix tiles and accumulators, created on first use. */
    MatrixState matrix() {
        if (matrix == null) {
            matrix = new MatrixState(width);
        }
        return matrix;
    }

    public int id() {
        return id;
    }

    public State state() {
        return state;
    }

    public int pc() {
        return pc;
    }

    public long mask() {
        return mask;
    }

    @Override
    public int x(int reg, int lane) {
        return x[reg * width + lane];
    }

    @Override
    public int f(int reg, int lane) {
        return f[reg * width + lane];
    }

    public int fflags(int lane) {
        return fflags[lane];
    }

    void setX(int reg, int lane, int v) {
        if (reg != 0) {
            x[reg * width + lane] = v;
        }
    }

    /** True when lanes that are still running are on another path (the warp is diverged). */
    boolean diverged() {
        long live = lanes & ~exited;
        return mask != live;
    }
}
