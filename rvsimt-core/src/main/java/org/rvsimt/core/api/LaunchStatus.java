package org.rvsimt.core.api;

/** The outcome of a run as reports spell it ({@code status} in JSON, the word after the kernel's name in text). */
public enum LaunchStatus {
    OK("ok"),
    /** The kernel ran to the end but an expected output did not match. */
    CHECK_FAILED("check_failed"),
    /** The kernel ran to the end, but a check of {@code --check} (memcheck, racecheck, ...) found an error. */
    FINDINGS("findings"),
    /** The kernel faulted; a non-zero exit code counts as a fault. */
    FAULT("fault"),
    /** The input was bad or the engine itself failed. */
    ERROR("error");

    private final String label;

    LaunchStatus(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
