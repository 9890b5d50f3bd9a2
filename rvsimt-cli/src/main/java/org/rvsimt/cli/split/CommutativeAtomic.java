package org.rvsimt.cli.split;

import java.util.Optional;

/**
 * The RV32A atomics whose effects on a word commute: applied by several block ranges to the same input value,
 * the ranges' results combine into the value one run of every block leaves, whatever the order. Each is
 * merged as a delta: what the range did to the word's input value.
 */
public enum CommutativeAtomic {
    ADD("amoadd.w"),
    XOR("amoxor.w"),
    AND("amoand.w"),
    OR("amoor.w"),
    MIN("amomin.w"),
    MAX("amomax.w"),
    MINU("amominu.w"),
    MAXU("amomaxu.w");

    private final String mnemonic;

    CommutativeAtomic(String mnemonic) {
        this.mnemonic = mnemonic;
    }

    public String mnemonic() {
        return mnemonic;
    }

    /** The atomic of this mnemonic; empty for amoswap.w (and anything else), whose last writer wins. */
    public static Optional<CommutativeAtomic> of(String mnemonic) {
        for (CommutativeAtomic a : values()) {
            if (a.mnemonic.equals(mnemonic)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    /**
     * The word after {@code merged} (what earlier ranges left) takes in a range that turned {@code input}
     * into {@code result}: add and xor carry the range's delta over, the others apply its result, since
     * {@code min(input, a, b) = min(min(input, a), min(input, b))} and alike.
     */
    int combine(int merged, int input, int result) {
        return switch (this) {
            case ADD -> merged + (result - input);
            case XOR -> merged ^ (result ^ input);
            case AND -> merged & result;
            case OR -> merged | result;
            case MIN -> Math.min(merged, result);
            case MAX -> Math.max(merged, result);
            case MINU -> Integer.compareUnsigned(merged, result) <= 0 ? merged : result;
            case MAXU -> Integer.compareUnsigned(merged, result) >= 0 ? merged : result;
        };
    }
}
