package org.rvsimt.frontend;

/** A kernel source that does not make a kernel: the message is one line for the user. */
public class FrontEndException extends Exception {
    private static final long serialVersionUID = 1L;

    public FrontEndException(String message) {
        super(message);
    }

    public FrontEndException(String message, Throwable cause) {
        super(message, cause);
    }
}
