package org.rvsimt.core.exec;

/** Receives the memory accesses of one instruction, one per lane and element: lane, address, bytes. */
@FunctionalInterface
public interface LaneAccessSink {
    void access(int lane, int address, int bytes);
}
