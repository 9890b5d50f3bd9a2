package org.rvsimt.cli;

import java.io.PrintWriter;

/** Prints a progress line on stderr while a launch runs longer than a second. */
final class Progress implements AutoCloseable {
    private final Thread thread;
    private volatile boolean done;

    private Progress(PrintWriter err, boolean enabled) {
        long start = System.nanoTime();
        thread = Thread.ofPlatform().daemon().name("rvsimt-progress").unstarted(() -> {
            if (!enabled) {
                return;
            }
            boolean printed = false;
            while (!done) {
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    break;
                }
                double s = (System.nanoTime() - start) / 1e9;
                if (s >= 1 && !done && enabled) {
                    err.printf("\rrvsimt: running... %.0f s", s);
                    err.flush();
                    printed = true;
                }
            }
            if (printed) {
                err.print("\r\033[K");
                err.flush();
            }
        });
        thread.start();
    }

    static Progress start(PrintWriter err, boolean enabled) {
        return new Progress(err, enabled);
    }

    @Override
    public void close() {
        done = true;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
