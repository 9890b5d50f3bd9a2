package org.rvsimt.cli.sweep;

import java.util.Locale;

/**
 * What a sweep can vary, each mapped to the {@code rvsimt run} flag that sets it; {@link #GPU_KEY} is
 * any key of a GPU configuration ({@code gpu.l1.bytes}), written into a configuration file per
 * combination.
 */
public enum SweepParameter {
    GRID("--grid"), BLOCK("--block"), SHARED("--shared"), WATCHDOG("--watchdog"),
    WARP_SIZE("--warp-size"), ENGINE("--engine"), VLEN("--vlen"), ISA("--isa"), SFU("--sfu"),
    CHECK("--check"), GPU("--gpu"), GPU_KEY(null);

    /** The run flag, or null for GPU keys. */
    public final String flag;

    SweepParameter(String flag) {
        this.flag = flag;
    }

    /** The name a sweep file uses ({@code warp_size}). */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The parameter a sweep-file name denotes, or null. */
    public static SweepParameter of(String name) {
        if (name.startsWith("gpu.") && name.length() > 4) {
            return GPU_KEY;
        }
        for (SweepParameter p : values()) {
            if (p != GPU_KEY && p.key().equals(name)) {
                return p;
            }
        }
        return null;
    }

    /** The names a sweep file may use, for error messages. */
    public static String names() {
        StringBuilder b = new StringBuilder();
        for (SweepParameter p : values()) {
            if (p != GPU_KEY) {
                b.append(p.key()).append(", ");
            }
        }
        return b.append("gpu.KEY").toString();
    }
}
