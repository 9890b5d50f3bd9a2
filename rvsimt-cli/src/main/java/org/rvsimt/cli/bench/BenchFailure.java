package org.rvsimt.cli.bench;

/** A case could not run (a kernel fault, a missing kernel file): reported on its row, the suite goes on. */
public final class BenchFailure extends RuntimeException {
    public BenchFailure(String message) {
        super(message);
    }
}
