package org.rvsimt.core.api;

import java.util.Locale;

/** The outcome of a run as reports spell it ({@code status} in JSON, the word after the kernel's name in text). */
public enum LaunchStatus {
    OK,
    /** The kernel ran to the end but an expected output did not match. */
    CHECK_FAILED,
    /** The kernel ran to the end, but a check of {@code --check} (memcheck, racecheck, ...) found an error. */
    FINDINGS,
    /** The kernel faulted; a non-zero exit code counts as a fault. */
    FAULT,
    /** The input was bad or the engine itself failed. */
    ERROR;

    /** Reports spell a constant as its name in lower case. */
    private final String label = name().toLowerCase(Locale.ROOT);

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
