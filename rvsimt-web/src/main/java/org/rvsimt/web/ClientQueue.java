package org.rvsimt.web;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The events waiting for one browser. Bounded, so a browser that reads slowly (or not at all)
 * costs at most {@code capacity} frames of memory: when it is full, new frames are dropped and
 * counted instead of waiting, and neither the simulator nor the other browsers ever block on it.
 */
final class ClientQueue {
    /** Put in the queue to end the stream (the server is stopping). */
    static final String END = "";

    private final ArrayBlockingQueue<String> frames;
    private final AtomicLong dropped = new AtomicLong();

    ClientQueue(int capacity) {
        this.frames = new ArrayBlockingQueue<>(capacity);
    }

    void offer(String frame) {
        if (!frames.offer(frame)) {
            dropped.incrementAndGet();
        }
    }

    /** Ends the stream even when the queue is full (the oldest frame makes room). */
    void end() {
        while (!frames.offer(END)) {
            frames.poll();
        }
    }

    /** The next frame, or null when none came within the timeout. */
    String poll(long millis) throws InterruptedException {
        return frames.poll(millis, TimeUnit.MILLISECONDS);
    }

    long dropped() {
        return dropped.get();
    }
}
