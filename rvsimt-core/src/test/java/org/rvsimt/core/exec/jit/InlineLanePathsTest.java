package org.rvsimt.core.exec.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchOptions;
import org.rvsimt.core.api.LaunchResult;

/**
 * The in-line 32-bit memory paths of compiled lane loops ({@link InlineLanePaths}) at the edges of
 * their windows: the last words of VRAM and of shared memory (taken in line), a word that straddles
 * either end or lies just past it, and misaligned words (left to the helper, which faults or not as
 * the interpreter does). Each lane of a warp takes another case, so one lane loop mixes the in-line
 * path and the helper. Loaded words are checked against what the kernel stored (the reference), and
 * the compiled run against the interpreter's, bit for bit.
 */
class InlineLanePathsTest {

    /** The memory paths are off by default: these tests turn them on (read when a block is compiled). */
    @BeforeAll
    static void memoryPathsOn() {
        System.setProperty(InlineLanePaths.MEMORY_PROPERTY, "true");
    }

    @AfterAll
    static void memoryPathsOff() {
        System.clearProperty(InlineLanePaths.MEMORY_PROPERTY);
    }
    private static final int VRAM = 8 << 20;
    private static final int SHARED = 256;

    /**
     * Lane l (of 8) stores its id + 0x1000 to, then loads from, the address {@code table[l]} (a word
     * of the argument buffer at a1); the loaded word goes to out[l] (a2). A fault ends the launch.
     */
    private static final String KERNEL = """
                lw a1, 0(a0)
                lw a2, 4(a0)
                csrr t0, vx_tid_x
                slli t1, t0, 2
                add t2, a1, t1
                lw t3, 0(t2)              # this lane's address
                addi t4, t0, 0x100
                slli t4, t4, 4
                sw t4, 0(t3)
                lw t5, 0(t3)
                add t6, a2, t1
                sw t5, 0(t6)
                ret
            """;

    private record Outcome(LaunchResult result, int[] loaded, byte[] memory) { }

    private static Outcome run(String engine, int[] addresses) throws Exception {
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1).withWarpSize(8)
                .withVram(VRAM))) {
            Kernel k = Kernel.fromAssembly(KERNEL, "edges.S");
            Buffer in = d.alloc(4 * addresses.length).write(addresses);
            Buffer out = d.alloc(4 * addresses.length).fill((byte) 0);
            LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(addresses.length), SHARED,
                    LaunchOptions.defaults(), in, out);
            return new Outcome(r, out.readInts(), d.memory().clone());
        }
    }

    /** Per case, the eight lanes' addresses. */
    private static int[] addresses(int kase) {
        int sharedBase = 0xC000_0000;
        return switch (kase) {
            // In line on every lane: the last words of VRAM and of shared memory, and their first words.
            case 0 -> new int[] {VRAM - 4, VRAM - 8, sharedBase + SHARED - 4, sharedBase, sharedBase + 4,
                VRAM - 12, sharedBase + SHARED - 8, VRAM - 16};
            // Lane 5: a word straddling VRAM's end (the helper: out of bounds).
            case 1 -> new int[] {VRAM - 4, sharedBase, VRAM - 8, VRAM - 12, sharedBase + 8, VRAM - 2, VRAM - 16,
                VRAM - 20};
            // Lane 3: the word just past shared memory.
            case 2 -> new int[] {sharedBase + SHARED - 4, VRAM - 4, sharedBase, sharedBase + SHARED, VRAM - 8,
                VRAM - 12, VRAM - 16, VRAM - 20};
            // Lane 6: a misaligned word inside VRAM.
            case 3 -> new int[] {VRAM - 4, VRAM - 8, VRAM - 12, sharedBase, sharedBase + 4, VRAM - 16, VRAM - 30,
                VRAM - 24};
            // Lane 2: a misaligned word inside shared memory.
            default -> new int[] {sharedBase, sharedBase + 4, sharedBase + 10, VRAM - 4, VRAM - 8, VRAM - 12,
                VRAM - 16, VRAM - 20};
        };
    }

    @ParameterizedTest(name = "case {0}")
    @ValueSource(ints = {0, 1, 2, 3, 4})
    void compiledLaneLoopsAgreeWithTheInterpreterAtTheWindowsEdges(int kase) throws Exception {
        int[] addresses = addresses(kase);
        Outcome interp = run("interp", addresses);
        Outcome jit = run("jit", addresses);      // the tests compile every block when first reached
        if (kase == 0) {
            assertThat(interp.result().fault()).isNull();
            for (int lane = 0; lane < addresses.length; lane++) {
                assertThat(jit.loaded()[lane]).as("lane %d", lane).isEqualTo((lane + 0x100) << 4);
            }
        }
        if (interp.result().fault() == null) {
            assertThat(jit.result().fault()).isNull();
        } else {
            assertThat(jit.result().fault()).isNotNull();
            assertThat(jit.result().fault().summary()).isEqualTo(interp.result().fault().summary());
            assertThat(jit.result().fault().recent()).isEqualTo(interp.result().fault().recent());
        }
        assertThat(jit.result().laneInstructions()).isEqualTo(interp.result().laneInstructions());
        assertThat(jit.loaded()).isEqualTo(interp.loaded());
        assertThat(Arrays.mismatch(jit.memory(), interp.memory())).as("first differing VRAM byte").isEqualTo(-1);
    }
}
