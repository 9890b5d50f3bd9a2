package org.rvsimt.isa;

/** The rm field of OP-FP instructions (unprivileged spec, table "Rounding mode encoding"). */
public final class RoundingMode {
    public static final int RNE = 0;
    public static final int RTZ = 1;
    public static final int RDN = 2;
    public static final int RUP = 3;
    public static final int RMM = 4;
    public static final int DYN = 7;

    private static final String[] NAMES = {"rne", "rtz", "rdn", "rup", "rmm", null, null, "dyn"};

    private RoundingMode() { }

    /** Assembly name of an rm value, or null for the reserved values 5 and 6. */
    public static String name(int rm) {
        return NAMES[rm & 7];
    }

    /** rm value for a name, or -1. */
    public static int parse(String name) {
        for (int i = 0; i < NAMES.length; i++) {
            if (name.equalsIgnoreCase(NAMES[i])) {
                return i;
            }
        }
        return -1;
    }
}
