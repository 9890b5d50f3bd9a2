package org.rvsimt.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchOptions;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.core.api.LaunchStatistics;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.events.InstructionEvent;
import org.rvsimt.core.events.InstructionEvents;
import org.rvsimt.core.events.InstructionRun;
import org.rvsimt.core.events.MemorySpace;

/**
 * The summary channel ({@link ExecutionListener#issue}): a consumer written against the public API
 * alone counts from it what the launch statistics report (the statistics are themselves a listener of
 * it), on kernels whose counts are worked out by hand and on random SIMT programs; its runs are the
 * per-instruction events' instructions; and a listener is given only the instruction events it asks for.
 */
class SummaryChannelTest {

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void aThirdPartyConsumerCountsWhatTheStatisticsReport(String engine) throws Exception {
        // ObservationTest's kernels, whose counts are worked out by hand. COUNTED: 4 warps x 17
        // instructions; 14 of them on 32 lanes, 3 on the 16 odd lanes.
        Counted counted = run(engine, ObservationTest.COUNTED, 32, 2, Dim3.of(2), Dim3.of(64), 0,
                InstructionEvents.FIRST_RUN);
        assertThat(counted.counts.warpInstructions()).isEqualTo(4 * 17);
        assertThat(counted.counts.laneInstructions()).isEqualTo(4 * (14 * 32 + 3 * 16));
        assertThat(counted.counts.mix).isEqualTo(Map.of("load", 4L, "csr", 4L, "alu", 32L, "branch", 20L,
                "store", 4L, "jump", 4L));
        assertThat(counted.counts.diverged).isEqualTo(Map.of(0x18, 4L));
        assertThat(counted.counts.memory()).isEqualTo(new LaunchStatistics.Memory(4 * 32 * 4, 4 * 16 * 4, 0, 0, 0, 0));
        counted.sameAsStatistics();

        Counted barrier = run(engine, ObservationTest.BARRIER, 4, 1, Dim3.of(1), Dim3.of(8), 0,
                InstructionEvents.NONE);
        assertThat(barrier.counts.barrierWait).isEqualTo(6);
        barrier.sameAsStatistics();

        int threads = 3 * 16;
        Counted spaces = run(engine, ObservationTest.SPACES, 8, 1, Dim3.of(3), Dim3.of(16), 64,
                InstructionEvents.FIRST_RUN);
        assertThat(spaces.counts.memory()).isEqualTo(new LaunchStatistics.Memory(4L * threads, threads,
                2L * threads, 4L * threads, 0, 4L * threads));
        spaces.sameAsStatistics();
    }

    /** The engine differential test's random SIMT programs (no faults), two host threads. */
    @ParameterizedTest
    @ValueSource(ints = {3, 7, 11})
    void onRandomProgramsTheThirdPartyCountsAreTheStatistics(int seed) throws Exception {
        String src = new EngineDifferentialTest.ProgramGenerator(seed).generate(false);
        int warp = new int[] {32, 8, 64, 1, 32}[seed % 5];
        for (String engine : List.of("interp", "jit")) {
            Counted c = runRandom(engine, src, warp, 2, new ThirdPartyCounter(InstructionEvents.FIRST_RUN));
            assertThat(c.result.fault()).isNull();
            assertThat(c.counts.warpInstructions()).isGreaterThan(1000);
            c.sameAsStatistics();
        }
    }

    /**
     * Expanded, the runs of the summary channel are the instructions of the per-instruction events, in
     * order and with the same masks, on both engines (whose instruction events the differential test
     * finds identical).
     */
    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void runsAreTheInstructionsOfTheInstructionEvents(String engine) throws Exception {
        for (int seed : new int[] {2, 5}) {
            String src = new EngineDifferentialTest.ProgramGenerator(seed).generate(false);
            BothChannels both = new BothChannels();
            runRandom(engine, src, 8, 1, both);
            assertThat(both.instructions).hasSizeGreaterThan(1000);
            assertThat(both.expandedRuns).isEqualTo(both.instructions);
        }
    }

    /** A listener that asks for no instruction events gets none; one that asks for first runs gets every pc. */
    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void listenersGetTheInstructionEventsTheyAskFor(String engine) throws Exception {
        Counted none = run(engine, ObservationTest.COUNTED, 32, 1, Dim3.of(2), Dim3.of(64), 0, InstructionEvents.NONE);
        assertThat(none.counts.instructionEvents).isZero();
        Counted first = run(engine, ObservationTest.COUNTED, 32, 1, Dim3.of(2), Dim3.of(64), 0, InstructionEvents.FIRST_RUN);
        assertThat(first.counts.firstEventPcs).isEqualTo(first.counts.perPc.keySet());
        // A first-run listener next to one that wants every event receives them all (and must cope).
        Counted every = run(engine, ObservationTest.COUNTED, 32, 1, Dim3.of(2), Dim3.of(64), 0, InstructionEvents.EVERY);
        assertThat(every.counts.instructionEvents).isEqualTo(4 * 17);
    }

    // ------------------------------------------------------------------ the consumer

    /** What a consumer outside rvsimt counts: only the public event API. */
    static final class ThirdPartyCounter implements ExecutionConsumer {
        private final InstructionEvents asks;
        final Map<Integer, long[]> perPc = new TreeMap<>();          // pc -> {warp-instructions, lane-instructions}
        final Map<String, Long> mix = new TreeMap<>();
        final Map<Integer, Long> diverged = new TreeMap<>();
        final Map<Integer, long[]> bytesPerLane = new HashMap<>();    // pc -> {read, written, space ordinal}
        final java.util.Set<Integer> firstEventPcs = new java.util.TreeSet<>();
        long barrierWait;
        long instructionEvents;

        ThirdPartyCounter(InstructionEvents asks) {
            this.asks = asks;
        }

        long warpInstructions() {
            return perPc.values().stream().mapToLong(v -> v[0]).sum();
        }

        long laneInstructions() {
            return perPc.values().stream().mapToLong(v -> v[1]).sum();
        }

        /** Bytes moved per space: each pc's bytes per lane times its lane-instructions. */
        LaunchStatistics.Memory memory() {
            long[] by = new long[6];
            bytesPerLane.forEach((pc, b) -> {
                long lanes = perPc.get(pc)[1];
                int row = b[2] == MemorySpace.GLOBAL.ordinal() ? 0 : b[2] == MemorySpace.SHARED.ordinal() ? 2 : 4;
                by[row] += b[0] * lanes;
                by[row + 1] += b[1] * lanes;
            });
            return new LaunchStatistics.Memory(by[0], by[1], by[2], by[3], by[4], by[5]);
        }

        @Override
        public ExecutionListener listener(int hostThread, int hostThreads) {
            return new ExecutionListener() {
                // The barrier clock of the block this host thread runs: its issue slots so far.
                long clock;
                final Map<Integer, long[]> waiting = new HashMap<>();    // warp -> {barrier id, arrival clock}

                @Override
                public InstructionEvents instructionEvents() {
                    return asks;
                }

                @Override
                public void blockBegin(long block, int x, int y, int z, int warps) {
                    clock = 0;
                    waiting.clear();
                }

                @Override
                public void issue(long block, int warp, InstructionRun run, long mask) {
                    clock += run.length();
                    synchronized (ThirdPartyCounter.this) {
                        for (int k = 0; k < run.length(); k++) {
                            long[] at = perPc.computeIfAbsent(run.pc(k), pc -> new long[2]);
                            at[0]++;
                            at[1] += Long.bitCount(mask);
                            mix.merge(run.kind(k) == null ? "illegal" : run.kind(k).label(), 1L, Long::sum);
                        }
                    }
                }

                @Override
                public void instruction(InstructionEvent e) {
                    synchronized (ThirdPartyCounter.this) {
                        instructionEvents++;
                        firstEventPcs.add(e.pc());
                        if (e.accessCount() > 0 && !bytesPerLane.containsKey(e.pc())) {
                            int size = e.accessSize(0);
                            bytesPerLane.put(e.pc(), new long[] {e.accessKind().reads() ? size : 0,
                                e.accessKind().writes() ? size : 0, e.accessSpace(0).ordinal()});
                        }
                    }
                }

                @Override
                public void divergence(long block, int warp, int pc, long taken, long notTaken) {
                    synchronized (ThirdPartyCounter.this) {
                        diverged.merge(pc, 1L, Long::sum);
                    }
                }

                @Override
                public void barrierArrive(long block, int warp, int pc, int id) {
                    waiting.put(warp, new long[] {id, clock});
                }

                @Override
                public void barrierRelease(long block, int id) {
                    waiting.values().removeIf(w -> {
                        if (w[0] != id) {
                            return false;
                        }
                        synchronized (ThirdPartyCounter.this) {
                            barrierWait += clock - w[1];
                        }
                        return true;
                    });
                }
            };
        }
    }

    /** A consumer's counts next to the launch that produced them. */
    record Counted(ThirdPartyCounter counts, LaunchResult result) {
        void sameAsStatistics() {
            LaunchStatistics s = result.statistics();
            assertThat(counts.warpInstructions()).as("warp-instructions").isEqualTo(result.warpInstructions());
            assertThat(counts.laneInstructions()).as("lane-instructions").isEqualTo(result.laneInstructions());
            assertThat(counts.mix).as("mix").isEqualTo(new TreeMap<>(s.mix()));
            Map<Integer, List<Long>> executed = new TreeMap<>();
            s.executed().forEach(h -> executed.put(h.pc(), List.of(h.warpInstructions(), h.laneInstructions())));
            Map<Integer, List<Long>> counted = new TreeMap<>();
            counts.perPc.forEach((pc, v) -> counted.put(pc, List.of(v[0], v[1])));
            assertThat(counted).as("per pc").isEqualTo(executed);
            Map<Integer, Long> diverged = new TreeMap<>();
            s.divergence().forEach(d -> diverged.put(d.pc(), d.count()));
            assertThat(counts.diverged).as("divergence").isEqualTo(diverged);
            assertThat(counts.barrierWait).as("barrier wait").isEqualTo(s.barrierWaitSlots());
            if (!counts.bytesPerLane.isEmpty()) {
                assertThat(counts.memory()).as("memory").isEqualTo(s.memory());
            }
        }
    }

    private static Counted run(String engine, String src, int warp, int hostThreads, Dim3 grid, Dim3 block,
                               int shared, InstructionEvents asks) throws Exception {
        ThirdPartyCounter counter = new ThirdPartyCounter(asks);
        ExecutionConsumer consumer = counter;
        if (asks == InstructionEvents.EVERY) {
            consumer = ExecutionConsumer.both(new ThirdPartyCounter(InstructionEvents.FIRST_RUN), counter);
        }
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withWarpSize(warp)
                .withThreads(hostThreads))) {
            Buffer out = d.alloc(4L * 64).fill((byte) 0);
            LaunchResult r = d.launch(Kernel.fromAssembly(src, "summary.S"), grid, block, shared,
                    LaunchOptions.defaults().withEvents(consumer), out);
            assertThat(r.fault()).isNull();
            return new Counted(counter, r);
        }
    }

    private static Counted runRandom(String engine, String src, int warp, int hostThreads, ExecutionConsumer consumer)
            throws Exception {
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(hostThreads).withWarpSize(warp)
                .withVram(8 << 20))) {
            Kernel k = Kernel.fromAssembly(src, "random.S");
            Buffer slots = d.alloc(256L * 4 * 96).fill((byte) 0x5A);
            Buffer counter = d.alloc(16).fill((byte) 0);
            LaunchResult r = d.launch(k, Dim3.of(4), Dim3.of(96), 0,
                    LaunchOptions.defaults().withWatchdog(300_000).withEvents(consumer), slots, counter);
            return new Counted(consumer instanceof ThirdPartyCounter t ? t : null, r);
        }
    }

    /** The runs' instructions expanded, and the instruction events, as "block warp pc mask" (one host thread). */
    static final class BothChannels implements ExecutionConsumer {
        final List<String> expandedRuns = java.util.Collections.synchronizedList(new ArrayList<>());
        final List<String> instructions = java.util.Collections.synchronizedList(new ArrayList<>());

        @Override
        public ExecutionListener listener(int hostThread, int hostThreads) {
            return new ExecutionListener() {
                @Override
                public void issue(long block, int warp, InstructionRun run, long mask) {
                    for (int k = 0; k < run.length(); k++) {
                        expandedRuns.add(String.format("b%d w%d 0x%x 0x%x", block, warp, run.pc(k), mask));
                    }
                }

                @Override
                public void instruction(InstructionEvent e) {
                    instructions.add(String.format("b%d w%d 0x%x 0x%x", e.block(), e.warp(), e.pc(), e.mask()));
                }
            };
        }
    }
}
