package org.rvsimt.observe.checks;

import java.util.Locale;

/** How bad a finding is: an error makes {@code rvsimt run} exit with 1, a warning does not. */
public enum Severity {
    ERROR,
    /** Correct on rvsimt (and on GPUs whose warps run in lockstep), wrong on others. */
    WARNING;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return label();
    }
}
