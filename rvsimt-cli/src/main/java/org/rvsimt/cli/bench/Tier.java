package org.rvsimt.cli.bench;

/**
 * Problem sizes of a case. {@code FULL} is the suite's nominal size (the one the issue names),
 * {@code INTERP} the smaller size the reference interpreter runs in a full suite, {@code QUICK}
 * what {@code --quick} runs for every engine, and {@code TINY} the size of the unit tests.
 * Rates (lane-instructions per second) are comparable across sizes; times are not.
 */
public enum Tier {
    TINY, QUICK, INTERP, FULL;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
