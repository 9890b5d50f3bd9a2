package org.rvsimt.core.api;

/** Misuse of the host API (bad free, out of memory, bad launch geometry...): the message says what and why. */
public final class DeviceException extends RuntimeException {
    public DeviceException(String message) {
        super(message);
    }
}
