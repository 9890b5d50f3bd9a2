package org.rvsimt.core.semantics;

/**
 * Load/store semantics (unprivileged spec 2.6): the effective address, and the value a load of a
 * given width produces from the raw bytes. Routing to VRAM, shared memory, stacks and device
 * registers is the engine's.
 */
public final class Memory {
    private Memory() { }

    public static int effectiveAddress(int base, int offset) {
        return base + offset;
    }

    public static int lb(int raw) {
        return (byte) raw;
    }

    public static int lh(int raw) {
        return (short) raw;
    }

    public static int lw(int raw) {
        return raw;
    }

    public static int lbu(int raw) {
        return raw & 0xFF;
    }

    public static int lhu(int raw) {
        return raw & 0xFFFF;
    }

    public static int sb(int value) {
        return value & 0xFF;
    }

    public static int sh(int value) {
        return value & 0xFFFF;
    }

    public static int sw(int value) {
        return value;
    }

    public static int flw(int raw) {
        return raw;
    }

    public static int fsw(int value) {
        return value;
    }
}
