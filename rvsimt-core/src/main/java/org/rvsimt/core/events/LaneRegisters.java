package org.rvsimt.core.events;

/**
 * A warp's registers, read live: during {@link ExecutionListener#instruction} they hold the values
 * before the instruction, at the warp's next event the values after it.
 */
public interface LaneRegisters {
    /** Integer register {@code reg} (0..31) of {@code lane}. */
    int x(int reg, int lane);

    /** Float register {@code reg} (0..31) of {@code lane}, as raw bits. */
    int f(int reg, int lane);
}
