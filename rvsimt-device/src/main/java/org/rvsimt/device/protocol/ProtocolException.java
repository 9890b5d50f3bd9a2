package org.rvsimt.device.protocol;

/** A request the server answers with an ERROR frame; {@code fatal} means the connection closes after it. */
public final class ProtocolException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int code;
    private final boolean fatal;

    public ProtocolException(int code, String message, boolean fatal) {
        super(message, null, false, false);
        this.code = code;
        this.fatal = fatal;
    }

    public ProtocolException(int code, String message) {
        this(code, message, false);
    }

    public int code() {
        return code;
    }

    public boolean fatal() {
        return fatal;
    }
}
