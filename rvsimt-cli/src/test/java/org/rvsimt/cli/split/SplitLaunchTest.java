package org.rvsimt.cli.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.api.LaunchResult;

/**
 * A launch split into block ranges, each run from the same input image on a device of its own and merged
 * ({@link RangeRunner}, {@link MergedLaunch}), against one run of every block: the same device memory byte for
 * byte, the same counters and console; and against Java reference code for the kernels' results. Conflicting
 * writes and atomics that do not merge are refused with one line naming the address and the ranges.
 */
class SplitLaunchTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final DeviceConfig DEVICE = DeviceConfig.defaults().withVram(4 << 20).withThreads(2);

    /** A launch's setup on a device: its buffers, written, and the argument values. */
    private record Setup(Kernel kernel, Dim3 grid, Dim3 block, int shared, Function<Device, Object[]> args) { }

    private record Whole(byte[] memory, LaunchResult result) { }

    private static Whole whole(Setup s) {
        try (Device d = Device.open(DEVICE)) {
            LaunchResult r = d.launch(Launch.builder(s.kernel(), s.grid(), s.block()).shared(s.shared())
                    .args(s.args().apply(d)).build());
            return new Whole(d.memory().clone(), r);
        }
    }

    private static MergedLaunch split(Setup s, int parts) {
        try (Device d = Device.open(DEVICE)) {
            Launch l = Launch.builder(s.kernel(), s.grid(), s.block()).shared(s.shared()).args(s.args().apply(d)).build();
            SplitLaunch job = SplitLaunch.of(DEVICE, l, d.memory());
            List<RangeResult> results = BlockRange.split(job.blockCount(), parts).stream()
                    .map(r -> RangeRunner.run(job, r, 1)).toList();
            return MergedLaunch.of(job.input(), results);
        }
    }

    /** Every split of {@code s} gives the whole run's memory, counters and console; returns that memory. */
    private static byte[] identicalToOneRun(Setup s, int... splits) {
        Whole w = whole(s);
        assertThat(w.result().ok()).as("the whole launch runs").isTrue();
        for (int parts : splits) {
            MergedLaunch m = split(s, parts);
            int at = Arrays.mismatch(m.memory(), w.memory());
            assertThat(at).as("first differing byte of device memory, %d ranges", parts).isEqualTo(-1);
            assertThat(m.warpInstructions()).isEqualTo(w.result().warpInstructions());
            assertThat(m.laneInstructions()).isEqualTo(w.result().laneInstructions());
            assertThat(m.console()).isEqualTo(w.result().console());
            assertThat(m.fault()).isNull();
            assertThat(m.statistics().mix()).isEqualTo(w.result().statistics().mix());
            assertThat(m.statistics().memory()).isEqualTo(w.result().statistics().memory());
            assertThat(m.statistics().hottest()).isEqualTo(w.result().statistics().hottest());
        }
        return w.memory();
    }

    private static Kernel asm(String source) throws Exception {
        return Kernel.fromAssembly(source, "k.S");
    }

    private static float[] floats(byte[] memory, int address, int n) {
        float[] f = new float[n];
        ByteBuffer.wrap(memory, address, 4 * n).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(f);
        return f;
    }

    private static int[] ints(byte[] memory, int address, int n) {
        int[] v = new int[n];
        ByteBuffer.wrap(memory, address, 4 * n).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(v);
        return v;
    }

    private static float[] random(int n, long seed) {
        Random r = new Random(seed);
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
            f[i] = r.nextFloat() * 2 - 1;
        }
        return f;
    }

    @Test
    void saxpyGridStrideIsTheSameSplitAnyWayAndMatchesJava() throws Exception {
        int n = 1000;
        float a = 2.5f;
        float[] x = random(n, 1);
        float[] y = random(n, 2);
        Buffer[] out = new Buffer[1];
        Setup s = new Setup(asm(Files.readString(REPO.resolve("kernels/saxpy/saxpy.S"))), Dim3.of(5, 1, 1), Dim3.of(64, 1, 1),
                0, d -> {
                    Buffer bx = d.alloc(4L * n).write(x);
                    Buffer by = d.alloc(4L * n).write(y);
                    out[0] = d.alloc(4L * n);
                    return new Object[] {n, a, bx, by, out[0]};
                });
        byte[] memory = identicalToOneRun(s, 1, 2, 3, 5);
        float[] got = floats(memory, out[0].address(), n);
        for (int i = 0; i < n; i++) {
            assertThat(got[i]).isEqualTo(a * x[i] + y[i]);   // Java rounds the product, then the sum: as fmul.s, fadd.s
        }
    }

    @Test
    void matmulOnATwoDimensionalGridMatchesAnFmaChain() throws Exception {
        int m = 33;
        int nn = 40;
        int k = 27;
        float[] am = random(m * k, 3);
        float[] bm = random(k * nn, 4);
        Buffer[] c = new Buffer[1];
        Setup s = new Setup(asm(Files.readString(REPO.resolve("kernels/matmul/matmul.S"))), Dim3.of(5, 5, 1),
                Dim3.of(8, 8, 1), 0, d -> {
                    Buffer ba = d.alloc(4L * am.length).write(am);
                    Buffer bb = d.alloc(4L * bm.length).write(bm);
                    c[0] = d.alloc(4L * m * nn);
                    return new Object[] {m, nn, k, ba, bb, c[0]};
                });
        byte[] memory = identicalToOneRun(s, 3, 25);
        float[] got = floats(memory, c[0].address(), m * nn);
        for (int r = 0; r < m; r++) {
            for (int col = 0; col < nn; col++) {
                float acc = 0;
                for (int i = 0; i < k; i++) {
                    acc = Math.fma(am[r * k + i], bm[i * nn + col], acc);
                }
                assertThat(got[r * nn + col]).isEqualTo(acc);
            }
        }
    }

    /** Thread g (global index) applies each commutative atomic to word i of {@code w}; results as Java computes them. */
    private static final String ALL_ATOMICS = """
            .text
            .globl k
            k:
                    lw      a1, 0(a0)               # w: 8 words
                    csrr    t0, 0xCD3
                    csrr    t1, 0xCD6
                    csrr    t2, 0xCD9
                    mul     t1, t1, t2
                    add     t0, t0, t1              # g
                    addi    t3, t0, 1
                    amoadd.w zero, t3, (a1)         # += g + 1
                    li      t4, 0x9E3779B1
                    mul     t3, t0, t4
                    addi    t5, a1, 4
                    amoxor.w zero, t3, (t5)         # ^= g * 0x9E3779B1
                    andi    t4, t0, 31
                    li      t6, 1
                    sll     t6, t6, t4
                    not     t3, t6
                    addi    t5, a1, 8
                    amoand.w zero, t3, (t5)         # &= ~(1 << g % 32)
                    addi    t5, a1, 12
                    amoor.w zero, t6, (t5)          # |= 1 << g % 32
                    li      t4, 7919
                    mul     t3, t0, t4
                    li      t4, 1000
                    remu    t3, t3, t4
                    addi    t3, t3, -500            # v = g * 7919 % 1000 - 500
                    addi    t5, a1, 16
                    amomin.w zero, t3, (t5)
                    addi    t5, a1, 20
                    amomax.w zero, t3, (t5)
                    addi    t5, a1, 24
                    amominu.w zero, t3, (t5)
                    addi    t5, a1, 28
                    amomaxu.w zero, t3, (t5)
                    ret
            """;

    @Test
    void commutativeAtomicsMergeAsDeltasOnTheInputValue() throws Exception {
        int[] start = {1000, 0x5A5A5A5A, -1, 0, 7, -7, 0x7FFF_FFFF, 3};
        Buffer[] w = new Buffer[1];
        Setup s = new Setup(asm(ALL_ATOMICS), Dim3.of(6, 1, 1), Dim3.of(40, 1, 1), 0, d -> {
            w[0] = d.alloc(32).write(start);
            return new Object[] {w[0]};
        });
        byte[] memory = identicalToOneRun(s, 2, 3, 6);
        int[] want = start.clone();
        for (int g = 0; g < 240; g++) {
            int v = (int) (Integer.toUnsignedLong(g * 7919) % 1000) - 500;
            want[0] += g + 1;
            want[1] ^= g * 0x9E3779B1;
            want[2] &= ~(1 << g % 32);
            want[3] |= 1 << g % 32;
            want[4] = Math.min(want[4], v);
            want[5] = Math.max(want[5], v);
            want[6] = Integer.compareUnsigned(want[6], v) <= 0 ? want[6] : v;
            want[7] = Integer.compareUnsigned(want[7], v) >= 0 ? want[7] : v;
        }
        assertThat(ints(memory, w[0].address(), 8)).containsExactly(want);
    }

    /** Every thread of block b stores {@code value(b)} to word 0 of its argument. */
    private static Setup everyBlockStores(String value) throws Exception {
        Kernel k = asm("""
                .text
                .globl k
                k:
                        lw      a1, 0(a0)
                        csrr    t1, 0xCD6               # blockIdx.x
                        %s
                        sw      t1, 0(a1)
                        ret
                """.formatted(value));
        return new Setup(k, Dim3.of(4, 1, 1), Dim3.of(32, 1, 1), 0, d -> new Object[] {d.alloc(4)});
    }

    @Test
    void twoRangesWritingOneWordDifferentlyAreAConflictNamingTheAddressAndBothRanges() throws Exception {
        Setup s = everyBlockStores("addi t1, t1, 1");
        int address = (int) Device.HEAP_START;
        assertThatThrownBy(() -> split(s, 2)).isInstanceOf(SplitRefused.class).hasMessage(String.format(
                "blocks [0, 2) and blocks [2, 4) both write global 0x%08x (0x02 and 0x04): a split launch merges only "
                        + "disjoint writes, and never picks a winner", address));
    }

    @Test
    void theSameValueWrittenByEveryRangeIsNoConflict() throws Exception {
        byte[] memory = identicalToOneRun(everyBlockStores("li t1, 1"), 2, 4);
        assertThat(ints(memory, (int) Device.HEAP_START, 1)).containsExactly(1);
    }

    private static Setup oneAtomic(String instruction) throws Exception {
        Kernel k = asm("""
                .text
                .globl k
                k:
                        lw      a1, 0(a0)
                        li      t1, 1
                        %s
                        ret
                """.formatted(instruction));
        return new Setup(k, Dim3.of(2, 1, 1), Dim3.of(32, 1, 1), 0, d -> new Object[] {d.alloc(4)});
    }

    @Test
    void atomicsWhoseResultDependsOnBlockOrderAreRefused() throws Exception {
        assertThatThrownBy(() -> split(oneAtomic("amoswap.w zero, t1, (a1)"), 2)).isInstanceOf(SplitRefused.class)
                .hasMessage("amoswap.w at pc 0x00000008 updates global memory (0x00100000): its result depends on the order "
                        + "of the blocks; only amoadd, amoand, amoor, amoxor, amomin[u] and amomax[u] merge across block ranges");
        assertThatThrownBy(() -> split(oneAtomic("amoadd.w t2, t1, (a1)"), 2)).isInstanceOf(SplitRefused.class)
                .hasMessage("amoadd.w at pc 0x00000008 returns the old value of global 0x00100000 into x7: a block range "
                        + "sees only its own updates, so the kernel would see other values than on one device");
        assertThatThrownBy(() -> split(oneAtomic("lr.w t2, (a1)"), 2)).isInstanceOf(SplitRefused.class)
                .hasMessage("lr.w at pc 0x00000008 reserves global memory (0x00100000): lr/sc pairs need every block on "
                        + "one device");
    }

    @Test
    void aStoreToAWordOtherRangesUpdateAtomicallyIsAConflict() throws Exception {
        // block 0 stores, block 1 adds
        Kernel k = asm("""
                .text
                .globl k
                k:
                        lw      a1, 0(a0)
                        csrr    t1, 0xCD6
                        li      t2, 5
                        bnez    t1, 1f
                        sw      t2, 0(a1)
                        ret
                1:      amoadd.w zero, t2, (a1)
                        ret
                """);
        Setup s = new Setup(k, Dim3.of(2, 1, 1), Dim3.of(1, 1, 1), 0, d -> new Object[] {d.alloc(4)});
        assertThatThrownBy(() -> split(s, 2)).isInstanceOf(SplitRefused.class).hasMessage("blocks [0, 1) store to global "
                + "0x00100000, which blocks [1, 2) update with amoadd.w: a split launch merges either plain writes or "
                + "atomics of a word");
    }

    @Test
    void rangesAreContiguousNearEqualAndNeverEmpty() {
        assertThat(BlockRange.split(10, 3)).containsExactly(new BlockRange(0, 4), new BlockRange(4, 7), new BlockRange(7, 10));
        assertThat(BlockRange.split(2, 8)).containsExactly(new BlockRange(0, 1), new BlockRange(1, 2));
        assertThat(BlockRange.split(5, 1)).containsExactly(new BlockRange(0, 5));
    }
}
