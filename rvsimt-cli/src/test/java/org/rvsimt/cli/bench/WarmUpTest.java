package org.rvsimt.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The warm-up's stopping rule on a scripted clock and compile counter: each run takes 100 ms of
 * wall time, during which HotSpot compiled for the scripted number of ms.
 */
class WarmUpTest {
    private static final long RUN_NANOS = 100_000_000L;

    /** A fake process: run k (from 1) advances the clock by 100 ms and the compile counter by compiling[k - 1] ms. */
    private static final class Script {
        final long[] compiling;
        long nanos;
        long compiledMillis;
        int runs;

        Script(long... compiling) {
            this.compiling = compiling;
        }

        void run() {
            compiledMillis += compiling[Math.min(runs, compiling.length - 1)];
            nanos += RUN_NANOS;
            runs++;
        }
    }

    @Test
    void stopsAtTheFirstRunDuringWhichHotSpotCompiledAtMostFivePercentOfItsWallTime() {
        // 5 ms of 100 is the threshold itself (settled); 6 ms is not.
        Script s = new Script(80, 40, 6, 5, 0);
        int runs = new WarmUp(() -> s.compiledMillis, () -> s.nanos, () -> s.nanos).run(s::run);
        assertThat(runs).isEqualTo(4);
        assertThat(s.runs).isEqualTo(4);
    }

    @Test
    void oneRunWhenNothingCompiles() {
        Script s = new Script(0);
        assertThat(new WarmUp(() -> s.compiledMillis, () -> s.nanos, () -> s.nanos).run(s::run)).isEqualTo(1);
    }

    @Test
    void aJvmThatNeverSettlesStopsAtTheBudget() {
        Script s = new Script(50);
        int runs = new WarmUp(() -> s.compiledMillis, () -> s.nanos, () -> s.nanos).run(s::run);
        // 10 s of budget at 100 ms a run: the 100th run ends at 10 s; fewer if MAX_RUNS is lower.
        assertThat(runs).isEqualTo((int) Math.min(WarmUp.MAX_RUNS, WarmUp.BUDGET_NANOS / RUN_NANOS));
    }

    @Test
    void theBudgetIsProcessCpuTimeSoALoadedMachineWarmsUpAsLongUpToTheWallCap() {
        // A quarter of a core: each 100 ms run uses 25 ms of CPU, so 10 s of CPU would take 40 s of
        // wall time; the warm-up stops at the run cap (30 runs, 3 s of wall time) first.
        Script s = new Script(50);
        int runs = new WarmUp(() -> s.compiledMillis, () -> s.nanos, () -> s.nanos / 4).run(s::run);
        assertThat(runs).isEqualTo(WarmUp.MAX_RUNS);
        // Runs of 4 s wall at a quarter core: 1 s of CPU each, the CPU budget ends at the 10th run, before the wall cap.
        Script slow = new Script(50);
        int slowRuns = new WarmUp(() -> slow.compiledMillis * 40, () -> slow.nanos * 40, () -> slow.nanos * 10)
                .run(slow::run);
        assertThat(slowRuns).isEqualTo(10);
    }

    @Test
    void withoutACompileCounterOneRunAsBefore() {
        Script s = new Script(50);
        assertThat(new WarmUp(null, () -> s.nanos, () -> s.nanos).run(s::run)).isEqualTo(1);
    }
}
