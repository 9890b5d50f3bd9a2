package org.rvsimt.isa;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Register names: numeric ({@code x5}, {@code f10}) and ABI ({@code t0}, {@code fa0}), per the RISC-V psABI;
 * vector registers {@code v0..v31} (RVV 1.0); matrix registers {@code tr0..tr3} and {@code acc0..acc3}
 * (XuanTie matrix extension, 3-bit index 000-011 tiles, 100-111 accumulators).
 */
public final class Registers {

    private static final String[] X_ABI = {
        "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
        "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
    private static final String[] F_ABI = {
        "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1", "fa2", "fa3", "fa4", "fa5",
        "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};
    private static final Map<String, Integer> X = new HashMap<>();
    private static final Map<String, Integer> F = new HashMap<>();

    static {
        for (int i = 0; i < 32; i++) {
            X.put("x" + i, i);
            X.put(X_ABI[i], i);
            F.put("f" + i, i);
            F.put(F_ABI[i], i);
        }
        X.put("fp", 8);
    }

    private Registers() { }

    public static String xName(int r) {
        return X_ABI[r];
    }

    public static String fName(int r) {
        return F_ABI[r];
    }

    public static String vName(int r) {
        return "v" + r;
    }

    /** Matrix register name for a 3-bit index: 0-3 are tiles, 4-7 accumulators. */
    public static String mName(int r) {
        return r < 4 ? "tr" + r : "acc" + (r - 4);
    }

    /** Vector register number for a name ({@code v0..v31}), or -1. */
    public static int v(String name) {
        return numbered(name, "v", 32);
    }

    /** Tile register number ({@code tr0..tr3}), or -1. */
    public static int tile(String name) {
        return numbered(name, "tr", 4);
    }

    /** Accumulator number ({@code acc0..acc3}), or -1. */
    public static int acc(String name) {
        return numbered(name, "acc", 4);
    }

    /** 3-bit matrix register index of a tile or accumulator name, or -1. */
    public static int matrix(String name) {
        int t = tile(name);
        if (t >= 0) {
            return t;
        }
        int a = acc(name);
        return a >= 0 ? 4 + a : -1;
    }

    private static int numbered(String name, String prefix, int count) {
        String n = name.toLowerCase(Locale.ROOT);
        if (!n.startsWith(prefix) || n.length() == prefix.length() || n.length() > prefix.length() + 2) {
            return -1;
        }
        String digits = n.substring(prefix.length());
        if (!digits.chars().allMatch(c -> c >= '0' && c <= '9') || (digits.length() > 1 && digits.charAt(0) == '0')) {
            return -1;
        }
        int r = Integer.parseInt(digits);
        return r < count ? r : -1;
    }

    /** Integer register number for a name, or -1. */
    public static int x(String name) {
        return X.getOrDefault(name.toLowerCase(Locale.ROOT), -1);
    }

    /** Floating-point register number for a name, or -1. */
    public static int f(String name) {
        return F.getOrDefault(name.toLowerCase(Locale.ROOT), -1);
    }
}
