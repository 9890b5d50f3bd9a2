package org.rvsimt.cli.sweep;

/** A sweep file that cannot be run: one line naming the file and the field. */
public final class SweepFileException extends RuntimeException {
    public SweepFileException(String message) {
        super(message);
    }
}
