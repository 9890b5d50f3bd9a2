package org.rvsimt.cli.bench;

import java.util.Map;

/**
 * One line of the report: a case at one size on one engine and thread count.
 *
 * @param caseName     the case
 * @param size         the problem size in words
 * @param tier         which size tier that is
 * @param engine       the engine asked for
 * @param engineRan    the engine the launches report (LaunchResult.engine()), "?" when nothing ran
 * @param threads      host threads
 * @param best         counters and time of the fastest timed run, or null when the row failed
 * @param runNanos     the times of the timed runs (after the untimed warm-up runs), in order
 * @param check        output vs Java reference, or null
 * @param nativeResult the gcc -O2 program at the same size, or null with --no-native
 * @param nativeChecksumOk the native checksum agrees with the device's (null when not compared)
 * @param rowNanos     the row from device open to check: setup, warm-up, runs and check
 * @param extras       case-specific figures (the CNN's setup time and prediction)
 * @param error        why the row could not run, or null
 */
public record BenchRow(String caseName, String size, Tier tier, String engine, String engineRan, int threads,
                       Workload.Run best, java.util.List<Long> runNanos, Check check, NativeRunner.Result nativeResult,
                       Boolean nativeChecksumOk, long rowNanos, Map<String, Object> extras, String error) {

    public boolean ok() {
        return error == null && check != null && check.pass() && !Boolean.FALSE.equals(nativeChecksumOk);
    }

    public int runs() {
        return runNanos.size();
    }

    /** Median of the timed runs, in milliseconds. */
    public double medianMs() {
        if (runNanos.isEmpty()) {
            return Double.NaN;
        }
        long[] t = runNanos.stream().mapToLong(Long::longValue).sorted().toArray();
        return (t.length % 2 == 1 ? t[t.length / 2] : (t[t.length / 2 - 1] + t[t.length / 2]) / 2.0) / 1e6;
    }

    public double wallMs() {
        return best == null ? Double.NaN : best.wallNanos() / 1e6;
    }

    /** Simulator time over native time at the same size (NaN when there is no native figure). */
    public double slowdown() {
        if (best == null || nativeResult == null || !nativeResult.ok() || nativeResult.seconds() <= 0) {
            return Double.NaN;
        }
        return best.wallNanos() / 1e9 / nativeResult.seconds();
    }

    public double laneRate() {
        return best == null ? Double.NaN : best.laneInstructionsPerSecond();
    }
}
