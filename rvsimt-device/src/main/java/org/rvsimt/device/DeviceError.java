package org.rvsimt.device;

/** A request the device model refuses; {@link Reason} maps one to one onto protocol error codes. */
public final class DeviceError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public enum Reason { OUT_OF_RANGE, DMA_FAULT, BAD_ARGUMENT, BAD_KERNEL, BUSY }

    private final Reason reason;

    public DeviceError(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
