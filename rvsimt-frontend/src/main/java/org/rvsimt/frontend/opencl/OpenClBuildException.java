package org.rvsimt.frontend.opencl;

import org.rvsimt.frontend.FrontEndException;

/**
 * A program that does not build: the message is one line (the first error), {@link #buildLog()}
 * everything the compiler said, as {@code CL_PROGRAM_BUILD_LOG} shows it.
 */
public final class OpenClBuildException extends FrontEndException {
    private static final long serialVersionUID = 1L;
    private final String buildLog;
    private final boolean invalidOptions;

    public OpenClBuildException(String message, String buildLog, boolean invalidOptions) {
        super(message);
        this.buildLog = buildLog;
        this.invalidOptions = invalidOptions;
    }

    public String buildLog() {
        return buildLog;
    }

    /** True when the build options were at fault ({@code CL_INVALID_BUILD_OPTIONS}), not the source. */
    public boolean invalidOptions() {
        return invalidOptions;
    }
}
