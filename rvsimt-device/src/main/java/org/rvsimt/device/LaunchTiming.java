package org.rvsimt.device;

import org.rvsimt.timing.TimingSession;
import org.rvsimt.timing.report.TimingReport;

/**
 * The performance model's answer for a dispatch that a client asked to time: its report, or why
 * the model could not time it (a block that fits no compute unit of the configuration).
 *
 * @param report the report, or null when {@code error} says why there is none
 * @param error  null when there is a report
 */
public record LaunchTiming(TimingReport report, String error) {
    /** Runs the model on what {@code session} recorded of a launch that ended without a fault. */
    static LaunchTiming of(TimingSession session, int warpSize, int sharedBytes) {
        try {
            return new LaunchTiming(session.report(warpSize, sharedBytes), null);
        } catch (IllegalArgumentException e) {
            return new LaunchTiming(null, e.getMessage());
        }
    }
}
