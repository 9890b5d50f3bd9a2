package org.rvsimt.device.server;

import java.util.function.BooleanSupplier;

/**
 * Who may touch a shared device. Each request that touches the device is one "access"; the model's
 * own lock makes a single access atomic. A client that needs several accesses in a row without
 * other clients in between (program the dispatch registers, then write DISPATCH) takes a claim:
 * while it holds one, other clients' accesses wait. A claim is granted once no other access is in
 * flight and no kernel runs, so the claimer finds the device idle; it ends with RELEASE or when its
 * client disconnects.
 */
final class DeviceAccess {
    private final BooleanSupplier busy;
    private Connection owner;
    private int inFlight;

    DeviceAccess(BooleanSupplier busy) {
        this.busy = busy;
    }

    /** Waits until no other client holds a claim, then counts an access in flight. */
    synchronized void enter(Connection c) throws InterruptedException {
        while (owner != null && owner != c) {
            wait();
        }
        inFlight++;
    }

    synchronized void exit() {
        inFlight--;
        notifyAll();
    }

    /** Takes the claim; false if it was not free within {@code timeoutMillis}. */
    synchronized boolean claim(Connection c, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while ((owner != null && owner != c) || inFlight > 0 || busy.getAsBoolean()) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                return false;
            }
            wait(Math.min(left, 2));      // the end of a kernel is not signalled here: poll for it
        }
        owner = c;
        return true;
    }

    synchronized boolean release(Connection c) {
        if (owner != c) {
            return false;
        }
        owner = null;
        notifyAll();
        return true;
    }

    synchronized boolean heldBy(Connection c) {
        return owner == c;
    }
}
