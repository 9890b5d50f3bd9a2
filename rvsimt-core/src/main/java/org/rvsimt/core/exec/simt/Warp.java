package org.rvsimt.core.exec.simt;

import org.rvsimt.core.exec.matrix.MatrixState;
import org.rvsimt.core.exec.vector.VectorState;
import org.rvsimt.core.fault.KernelFault;

/**
 * One warp's architectural state, structure-of-arrays: register r of lane l is {@code x[r * width + l]}
 * (floats as raw bits in {@code f}), so a lane loop walks contiguous memory. Row 32 of {@code x} is
 * a sink for writes to x0.
 */
public final class Warp implements org.rvsimt.core.events.LaneRegisters {
    public enum State { READY, BARRIER, DONE }

    public final int id;                 // warp index within the block
    public final int width;              // lanes per warp (warp size)
    public final long lanes;             // lanes that hold a thread of the block
    final int vlen;               // RVV VLEN in bits, for the vector state made on first use
    public final int[] x;
    public final int[] f;
    public final int[] fflags;
    public final int[] frm;
    public final int[] reservation;      // lr.w address per lane
    public final int[] reservedValue;    // value lr.w saw, for sc.w's compare-and-set
    public final int[] scratch;          // per-lane temporaries (jump targets, shuffled values)
    public long reserved;                // lanes holding a reservation
    public final ReconvergenceStack stack = new ReconvergenceStack();
    private VectorState vector;   // allocated by the first vector instruction or vector CSR access
    private MatrixState matrix;   // allocated by the first matrix instruction or matrix CSR access

    public int pc;
    public long mask;                    // active lanes now
    public long exited;                  // lanes whose thread has ended
    public int callDepth;
    public State state = State.READY;
    public int barrierId;                // what the warp waits on while in BARRIER
    public int barrierPc;
    public int barrierCount;             // vx_bar: number of warps that must arrive
    public long warpInstructions;
    public long laneInstructions;
    public int exitCode;                 // first non-zero exit code of a lane (ecall 93)
    public int exitLane = -1;
    public long exitLanes;               // every lane that exited with a non-zero code
    public int exitPc;                   // the ecall that exited with exitCode
    /** The flight-recorder tail at that ecall (empty when the host thread already kept an earlier block's). */
    public java.util.List<KernelFault.Step> exitRecent = java.util.List.of();
    public Warp(int id, int width, long lanes) {
        this(id, width, lanes, VectorState.DEFAULT_VLEN);
    }

    public Warp(int id, int width, long lanes, int vlen) {
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

    /** Starts (or restarts) the warp at pc with the given lanes active and all registers zero. */
    public void start(int startPc, long activeLanes) {
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
        state = mask == 0 ? State.DONE : State.READY;
    }

    /** The lanes' RVV state, created on first use with the launch's VLEN. */
    public VectorState vector() {
        if (vector == null) {
            vector = new VectorState(width, vlen);
        }
        return vector;
    }

    /** The lanes' matrix tiles and accumulators, created on first use. */
    public MatrixState matrix() {
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

    public void setX(int reg, int lane, int v) {
        if (reg != 0) {
            x[reg * width + lane] = v;
        }
    }

    /** True when lanes that are still running are on another path (the warp is diverged). */
    public boolean diverged() {
        long live = lanes & ~exited;
        return mask != live;
    }
}
