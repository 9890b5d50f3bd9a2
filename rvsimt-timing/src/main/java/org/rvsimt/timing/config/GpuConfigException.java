package org.rvsimt.timing.config;

/** A GPU configuration that cannot be used; the message is one line naming the file and field. */
public final class GpuConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public GpuConfigException(String message) {
        super(message);
    }
}
