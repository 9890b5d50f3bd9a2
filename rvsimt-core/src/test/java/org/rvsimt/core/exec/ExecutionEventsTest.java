package org.rvsimt.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchOptions;
import org.rvsimt.core.api.LaunchResult;

/**
 * Execution events: a hand-checked kernel's stream (addresses, sizes and spaces worked out from the
 * source), and the interpreter and the JIT delivering identical streams on random SIMT programs.
 */
class ExecutionEventsTest {

    /** One warp of 4 lanes: a load, a global and a shared store, an atomic, a divergent branch. */
    private static final String KERNEL = """
                csrr t0, vx_tid_x
                slli t1, t0, 2
                lw t2, 0(a0)
                add t3, t2, t1
                sw t0, 0(t3)
                lui t4, 0xC0000
                add t4, t4, t1
                sh t0, 2(t4)
                amoadd.w t5, t0, (t2)
                andi t6, t0, 1
                beqz t6, 1f
                addi t5, t5, 1
            1:  ret
            """;

    private record Observed(RecordingConsumer events, LaunchResult result, int entry, int buffer, int args) { }

    private static Observed observe(String engine) throws Exception {
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1).withWarpSize(4))) {
            Kernel k = Kernel.fromAssembly(KERNEL, "events.S");
            Buffer buf = d.alloc(64).fill((byte) 0);
            RecordingConsumer rec = new RecordingConsumer();
            LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(4), 16, LaunchOptions.defaults().withEvents(rec), buf);
            return new Observed(rec, r, k.entry(), buf.address(), 0);
        }
    }

    @Test
    void eventsOfAHandCheckedKernel() throws Exception {
        for (String engine : List.of("interp", "jit")) {
            Observed o = observe(engine);
            assertThat(o.result().fault()).isNull();
            assertThat(o.events().faulted).isFalse();
            List<String> ev = o.events().all();
            int e = o.entry();
            int b = o.buffer();
            String sw = String.format("b0 w0 0x%08x sw mask 0xf", e + 16);
            for (int lane = 0; lane < 4; lane++) {
                sw += String.format(" [WRITE lane %d 0x%08x 4 GLOBAL]", lane, b + 4 * lane);
            }
            String sh = String.format("b0 w0 0x%08x sh mask 0xf", e + 28);
            for (int lane = 0; lane < 4; lane++) {
                sh += String.format(" [WRITE lane %d 0x%08x 2 SHARED]", lane, 0xC0000002 + 4 * lane);
            }
            String amo = String.format("b0 w0 0x%08x amoadd.w mask 0xf", e + 32);
            for (int lane = 0; lane < 4; lane++) {
                amo += String.format(" [ATOMIC lane %d 0x%08x 4 GLOBAL]", lane, b);
            }
            assertThat(ev).as(engine).containsSubsequence(
                    "begin b0 (0,0,0) 1",
                    String.format("start b0 w0 0x%x 0xf", e),
                    String.format("b0 w0 0x%08x csrrs mask 0xf", e),
                    sw, sh, amo,
                    String.format("b0 w0 0x%08x beq mask 0xf", e + 40),
                    String.format("diverge b0 w0 0x%x 0x5/0xa", e + 40),
                    String.format("b0 w0 0x%08x addi mask 0xa", e + 44),
                    String.format("reconverge b0 w0 0x%x 0xf", e + 48),
                    String.format("b0 w0 0x%08x jalr mask 0xf", e + 48),
                    String.format("exit b0 w0 0x%x", e + 48),
                    "end b0 13/50");
            // The lw of the argument word: every lane reads the same 4 global bytes.
            String lw = ev.stream().filter(l -> l.startsWith(String.format("b0 w0 0x%08x lw", e + 8))).findFirst()
                    .orElseThrow();
            assertThat(lw).matches(".* \\[READ lane 0 (0x[0-9a-f]{8}) 4 GLOBAL\\] \\[READ lane 1 \\1 4 GLOBAL\\]"
                    + " \\[READ lane 2 \\1 4 GLOBAL\\] \\[READ lane 3 \\1 4 GLOBAL\\]");
            long instructions = ev.stream().filter(l -> l.startsWith("b0 ")).count();
            assertThat(instructions).isEqualTo(o.result().warpInstructions()).isEqualTo(13);
        }
    }

    /**
     * Vector and tile loads and stores are itemised per element of each lane (RVV 1.0 section 7:
     * unit stride at base + 4e, strided at base + stride * e; a tile row r, column c at base + r *
     * stride + 4c), with each lane's own vl: lane l asks for l + 1 elements.
     */
    @Test
    void vectorAndTileAccessesAreItemisedPerElementOfEachLane() throws Exception {
        String kernel = """
                    csrr t0, vx_tid_x
                    addi t1, t0, 1
                    vsetvli t2, t1, e32, m1, ta, ma
                    lw a1, 0(a0)
                    vle32.v v1, (a1)
                    li t3, 8
                    vsse32.v v1, (a1), t3
                    li t4, 2
                    msettilem t4
                    li t5, 3
                    msettilek t5
                    li t6, 16
                    mlae32 tr0, (a1), t6
                    ret
                """;
        for (String engine : List.of("interp", "jit")) {
            try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1).withWarpSize(4))) {
                Buffer buf = d.alloc(64).fill((byte) 0);
                RecordingConsumer rec = new RecordingConsumer();
                LaunchResult r = d.launch(Kernel.fromAssembly(kernel, "vector.S"), Dim3.of(1), Dim3.of(4), 0,
                        LaunchOptions.defaults().withEvents(rec), buf);
                assertThat(r.fault()).as(engine).isNull();
                int b = buf.address();
                StringBuilder load = new StringBuilder(" vle32.v mask 0xf");
                StringBuilder store = new StringBuilder(" vsse32.v mask 0xf");
                StringBuilder tile = new StringBuilder(" mlae32 mask 0xf");
                for (int lane = 0; lane < 4; lane++) {
                    for (int e = 0; e <= lane; e++) {
                        load.append(String.format(" [READ lane %d 0x%08x 4 GLOBAL]", lane, b + 4 * e));
                        store.append(String.format(" [WRITE lane %d 0x%08x 4 GLOBAL]", lane, b + 8 * e));
                    }
                    for (int row = 0; row < 2; row++) {
                        for (int col = 0; col < 3; col++) {
                            tile.append(String.format(" [READ lane %d 0x%08x 4 GLOBAL]", lane, b + 16 * row + 4 * col));
                        }
                    }
                }
                List<String> ev = rec.all();
                for (StringBuilder want : List.of(load, store, tile)) {
                    String op = want.substring(1, want.indexOf(" mask"));
                    assertThat(ev.stream().filter(l -> l.contains(" " + op + " mask")).toList()).as(engine + " " + op)
                            .containsExactly(ev.stream().filter(l -> l.contains(" " + op + " mask")).findFirst()
                                    .map(l -> l.substring(0, l.indexOf(" " + op)) + want).orElse("no " + op));
                }
            }
        }
    }

    static Stream<Integer> seeds() {
        return IntStream.range(0, 12).boxed();
    }

    /** The random SIMT programs of the engine differential test, faults included. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void interpreterAndJitDeliverTheSameEvents(int seed) throws Exception {
        String src = new EngineDifferentialTest.ProgramGenerator(seed).generate(true);
        int warp = new int[] {32, 8, 64, 1, 32}[seed % 5];
        RecordingConsumer interp = randomRun("interp", src, warp);
        RecordingConsumer jit = randomRun("jit", src, warp);
        assertThat(interp.count).as("events").isGreaterThan(100);
        List<String> a = interp.all();
        List<String> b = jit.all();
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            if (!a.get(i).equals(b.get(i))) {
                assertThat(b.get(i)).as("event %d (seed %d)", i, seed).isEqualTo(a.get(i));
            }
        }
        assertThat(jit.count).as("events").isEqualTo(interp.count);
        assertThat(jit.hash).as("hash of every event").isEqualTo(interp.hash);
        assertThat(jit.faulted).isEqualTo(interp.faulted);
    }

    private static RecordingConsumer randomRun(String engine, String src, int warp) throws Exception {
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1).withWarpSize(warp)
                .withVram(8 << 20))) {
            Kernel k = Kernel.fromAssembly(src, "random.S");
            Buffer slots = d.alloc(256L * 4 * 96).fill((byte) 0x5A);
            Buffer counter = d.alloc(16).fill((byte) 0);
            RecordingConsumer rec = new RecordingConsumer(2000);
            d.launch(k, Dim3.of(4), Dim3.of(96), 0,
                    LaunchOptions.defaults().withWatchdog(300_000).withEvents(rec), slots, counter);
            return rec;
        }
    }
}
