package org.rvsimt.cli.bench;

import java.util.ArrayList;
import java.util.List;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.LaunchResult;

/**
 * A case at one size: it uploads its inputs to a device (untimed), runs its launches (timed),
 * and checks the device's output against a Java reference computed once per workload. The same
 * workload runs on every engine and thread count, so inputs and reference are shared.
 */
public abstract class Workload {

    /** Counters and host time of one run (one or more launches). */
    public record Run(long warpInstructions, long laneInstructions, int warpSize, long wallNanos, long cpuNanos,
                      String engine, int launches) {
        public double simtEfficiency() {
            return warpInstructions == 0 ? 0 : (double) laneInstructions / ((double) warpInstructions * warpSize);
        }

        public double laneInstructionsPerSecond() {
            return wallNanos == 0 ? 0 : laneInstructions * 1e9 / wallNanos;
        }
    }

    /** Collects the launches of one run; throws when one faults (a benchmark must not fault). */
    protected static final class Launches {
        private final List<LaunchResult> results = new ArrayList<>();
        private final String caseName;

        public Launches(String caseName) {
            this.caseName = caseName;
        }

        public LaunchResult add(LaunchResult r) {
            if (!r.ok()) {
                throw new BenchFailure(caseName + ": kernel fault: " + r.fault().summary());
            }
            if (r.exitCode() != 0) {
                throw new BenchFailure(caseName + ": kernel exited with code " + r.exitCode());
            }
            results.add(r);
            return r;
        }

        /**
         * Runs {@code body} (the launches) and times it: host wall time, and the CPU time of the
         * whole process (all host threads, also HotSpot's compiler and GC threads), which is less
         * disturbed than wall time when other processes share the cores.
         */
        public Run timed(Runnable body) {
            long cpu0 = processCpuNanos();
            long t0 = System.nanoTime();
            body.run();
            long wall = System.nanoTime() - t0;
            long cpu = processCpuNanos() - cpu0;
            return toRun(wall, cpu0 < 0 ? -1 : cpu);
        }

        private Run toRun(long wallNanos, long cpuNanos) {
            long wi = 0;
            long li = 0;
            int ws = 32;
            String engine = null;
            for (LaunchResult r : results) {
                wi += r.warpInstructions();
                li += r.laneInstructions();
                ws = r.warpSize();
                if (engine == null) {
                    engine = r.engine().label();
                } else if (!engine.equals(r.engine().label())) {
                    engine = engine + "+" + r.engine();
                }
            }
            return new Run(wi, li, ws, wallNanos, cpuNanos, engine == null ? "?" : engine, results.size());
        }
    }

    /** The size in words, e.g. "512x512x512". */
    public abstract String size();

    /** Device memory the workload needs (inputs, outputs, kernel images and slack). */
    public abstract long vramBytes();

    /** Allocates device buffers and writes every input. */
    public abstract void upload(Device device);

    /** Rewrites the inputs a run modifies in place (before every run, untimed). */
    public void reset(Device device) { }

    /** The timed part: the launches of one run. */
    public abstract Run run(Device device);

    /** The device output against the Java reference. */
    public abstract Check check(Device device);

    /** Command-line arguments of the native program for this size (after the repetition count). */
    public abstract List<String> nativeArgs();

    /** Checksum of the device output, computed as the native program computes its own. */
    public abstract double checksum(Device device);

    /** Relative tolerance between the device checksum and the native one (0: must be equal). */
    public double checksumTolerance() {
        return 1e-4;
    }

    /** Timed runs to take the best of (after one warm-up run). */
    public int repetitions() {
        return 3;
    }

    /** Repetitions of the native program (it reports its best). */
    public int nativeRepetitions() {
        return 3;
    }

    /** Extra figures for the report (the CNN's forward and total time), or empty. */
    public java.util.Map<String, Object> extras() {
        return java.util.Map.of();
    }

    /** CPU time of this process so far, or -1 when the platform does not say. */
    static long processCpuNanos() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
