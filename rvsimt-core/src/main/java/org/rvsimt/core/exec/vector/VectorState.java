package org.rvsimt.core.exec.vector;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The RVV state of one warp: every lane has its own 32 vector registers of VLEN bits, its own
 * vl, vtype, vstart and fixed-point CSRs. Allocated by the first vector instruction a warp runs,
 * so scalar kernels pay nothing.
 *
 * <p>Layout: lane l's registers are one contiguous slice of {@link #bytes} ({@code 32 * vlenb}
 * bytes at {@code l * 32 * vlenb}), register r at {@code r * vlenb} inside it, elements little-endian.
 * This is exactly the byte layout RVV 1.0 gives a register group (spec 3.4.2: group vd..vd+LMUL-1 is
 * one array of elements), so an element of a group at any LMUL is one offset computation, and
 * whole-register moves and mask registers are plain byte copies.
 */
public final class VectorState {
    /** Default VLEN in bits (the lead's decision; Zve32f minimum is 32). */
    public static final int DEFAULT_VLEN = 128;
    /** ELEN: largest element width in bits (Zve32f). */
    public static final int ELEN = 32;
    static final int VILL = 0x8000_0000;

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    final int vlen;
    final int vlenb;
    final int laneBytes;
    final byte[] bytes;
    final int[] vl;
    final int[] vtype;
    final int[] vstart;
    final int[] vxrm;
    final int[] vxsat;

    public VectorState(int width, int vlen) {
        if (vlen < ELEN || vlen > 65536 || Integer.bitCount(vlen) != 1) {
            throw new IllegalArgumentException("VLEN must be a power of two between 32 and 65536, got " + vlen);
        }
        this.vlen = vlen;
        vlenb = vlen / 8;
        laneBytes = 32 * vlenb;
        bytes = new byte[width * laneBytes];
        vl = new int[width];
        vtype = new int[width];
        vstart = new int[width];
        vxrm = new int[width];
        vxsat = new int[width];
        reset();
    }

    /** The state at thread start: registers zero, vtype.vill set, vl 0 (spec 3.11 reset recommendation). */
    public void reset() {
        Arrays.fill(bytes, (byte) 0);
        Arrays.fill(vl, 0);
        Arrays.fill(vtype, VILL);
        Arrays.fill(vstart, 0);
        Arrays.fill(vxrm, 0);
        Arrays.fill(vxsat, 0);
    }

    /** Byte offset of element i (of {@code sewBytes} bytes) of the group starting at register reg. */
    int offset(int lane, int reg, int i, int sewBytes) {
        return lane * laneBytes + reg * vlenb + i * sewBytes;
    }

    /** Element i of the group at reg, sign-extended to int. */
    int get(int lane, int reg, int i, int sewBytes) {
        int o = offset(lane, reg, i, sewBytes);
        return switch (sewBytes) {
            case 1 -> bytes[o];
            case 2 -> (short) SHORT.get(bytes, o);
            default -> (int) INT.get(bytes, o);
        };
    }

    void set(int lane, int reg, int i, int sewBytes, int value) {
        int o = offset(lane, reg, i, sewBytes);
        switch (sewBytes) {
            case 1 -> bytes[o] = (byte) value;
            case 2 -> SHORT.set(bytes, o, (short) value);
            default -> INT.set(bytes, o, value);
        }
    }

    /** Mask bit i of register reg (v0 for masked instructions). */
    boolean maskBit(int lane, int reg, int i) {
        return (bytes[lane * laneBytes + reg * vlenb + (i >>> 3)] >> (i & 7) & 1) != 0;
    }

    void setMaskBit(int lane, int reg, int i, boolean v) {
        int o = lane * laneBytes + reg * vlenb + (i >>> 3);
        int bit = 1 << (i & 7);
        bytes[o] = (byte) (v ? bytes[o] | bit : bytes[o] & ~bit);
    }
}
