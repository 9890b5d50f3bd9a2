package org.rvsimt.core.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rvsimt.core.exec.MatrixUnitTest.config;
import static org.rvsimt.core.exec.MatrixUnitTest.loadStore;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.LaunchResult;

/**
 * 32-bit tile loads and stores on a full warp of 32 lanes, each lane with its own base and row stride
 * (positive, negative, zero, rows overlapping or apart), in one instruction: the unit's word-copy path
 * for tiles that lie whole in VRAM, for whole and partial shapes, and its repeat of the lane below for a
 * lane with the same tile (and not for one that shares only the base or only the stride).
 * Each lane loads an A tile (mlae32), a transposed B tile (mlbte32) and a C tile (mlce32) with the
 * shape under test and stores the C tile with its own store stride (msce32); the whole registers are
 * then stored row-major. Expected values come from the specification's definitions, computed here
 * from the input bytes: A and C element (r, c) at base + r * stride + 4c, B element (j, k) at
 * base + k * stride + 4j, zero outside the shape; a store writes only the shape's elements.
 */
class MatrixTileCopyTest {
    private static final int LANES = 32;
    private static final int MEM = 16384;
    private static final int OUT = 192;        // per lane: tr0, tr1, acc0 as 64 bytes each
    private static final int STORE = 256;      // per lane: the region msce32 writes into, base in its middle

    @ParameterizedTest(name = "{0}x{1}x{2} {3}")
    @CsvSource({"4, 4, 4, interp", "4, 4, 4, jit", "3, 2, 4, jit", "4, 4, 1, interp", "2, 3, 3, jit", "1, 4, 2, jit"})
    void perLaneTilesMatchTheDefinition(int mt, int nt, int kt, String engine) {
        Random rnd = new Random(mt * 1009L + nt * 101 + kt);
        byte[] mem = new byte[MEM];
        rnd.nextBytes(mem);
        int[] offset = new int[LANES];
        int[] stride = new int[LANES];
        int[] storeStride = new int[LANES];
        int[] strides = {16, 64, 2048, -64, -1024, 0, 20, 28};
        int[] storeStrides = {16, 32, -16, -32, 20, 24};
        for (int l = 0; l < LANES; l++) {
            // Lanes 4m+1 load the tile of the lane below (the unit repeats that lane's register), lanes 8m+7
            // have the base of the lane below but not its stride, lanes 4m+3 its stride but not its base.
            stride[l] = strides[(l / 2 + (l % 8 == 7 ? 1 : 0)) % strides.length];
            offset[l] = l % 4 == 1 || l % 8 == 7 ? offset[l - 1] : 4096 + 4 * rnd.nextInt(200);
            storeStride[l] = storeStrides[l % storeStrides.length];
        }
        ByteBuffer table = ByteBuffer.allocate(12 * LANES).order(ByteOrder.LITTLE_ENDIAN);
        for (int l = 0; l < LANES; l++) {
            table.putInt(offset[l]).putInt(stride[l]).putInt(storeStride[l]);
        }
        // x5 t0 base, x6 t1 table, x7 t2 tile dump, x28 t3 store base, x29 t4 lane, x30 t5 stride,
        // x11 a1 store stride, x12 a2 = 16.
        String src = String.join("\n",
                "    lw t0, 0(a0)", "    lw t1, 4(a0)", "    lw t2, 8(a0)", "    lw t3, 12(a0)",
                "    csrr t4, 0xCD3",
                "    li t5, 12", "    mul t5, t4, t5", "    add t1, t1, t5",
                "    lw t5, 0(t1)", "    add t0, t0, t5", "    lw t5, 4(t1)", "    lw a1, 8(t1)",
                "    li a2, " + OUT, "    mul a2, t4, a2", "    add t2, t2, a2",
                "    li a2, " + STORE, "    mul a2, t4, a2", "    add t3, t3, a2", "    addi t3, t3, " + STORE / 2,
                "    li a2, 16",
                word(config(2, 0, mt)), word(config(3, 0, nt)), word(config(1, 0, kt)),
                word(loadStore(0, false, 30, 5, 2, 0)),          // mlae32 tr0, (t0), t5
                word(loadStore(5, false, 30, 5, 2, 1)),          // mlbte32 tr1, (t0), t5
                word(loadStore(2, false, 30, 5, 2, 4)),          // mlce32 acc0, (t0), t5
                word(loadStore(2, true, 11, 28, 2, 4)),          // msce32 acc0, (t3), a1
                word(config(2, 0, 4)), word(config(3, 0, 4)), word(config(1, 0, 4)),
                word(loadStore(0, true, 12, 7, 2, 0)),           // msae32 tr0, (t2), 16
                "    addi t2, t2, 64",
                word(loadStore(1, true, 12, 7, 2, 1)),           // msbe32 tr1, (t2), 16
                "    addi t2, t2, 64",
                word(loadStore(2, true, 12, 7, 2, 4)),           // msce32 acc0, (t2), 16
                "    ret", "");
        try (KernelHarness h = KernelHarness.of(engine, LANES, 1)) {
            Buffer bm = h.device.alloc(MEM).write(mem);
            Buffer bt = h.device.alloc(table.capacity()).write(table.array());
            Buffer out = h.device.alloc((long) OUT * LANES).fill((byte) 0x55);
            Buffer stores = h.device.alloc((long) STORE * LANES).fill((byte) 0x77);
            LaunchResult res = h.run(src, Dim3.of(1), Dim3.of(LANES), 0, bm, bt, out, stores);
            assertThat(res.ok()).as("%s", res).isTrue();
            byte[] got = out.readBytes();
            byte[] stored = stores.readBytes();
            for (int l = 0; l < LANES; l++) {
                int base = offset[l];
                int s = stride[l];
                byte[] expectStore = new byte[STORE];
                java.util.Arrays.fill(expectStore, (byte) 0x77);
                for (int r = 0; r < 4; r++) {
                    for (int c = 0; c < 4; c++) {
                        int a = r < mt && c < kt ? word(mem, base + r * s + 4 * c) : 0;
                        int b = r < nt && c < kt ? word(mem, base + c * s + 4 * r) : 0;
                        int cc = r < mt && c < nt ? word(mem, base + r * s + 4 * c) : 0;
                        assertThat(word(got, l * OUT + 16 * r + 4 * c)).as("lane %d tr0[%d][%d]", l, r, c).isEqualTo(a);
                        assertThat(word(got, l * OUT + 64 + 16 * r + 4 * c)).as("lane %d tr1[%d][%d]", l, r, c)
                                .isEqualTo(b);
                        assertThat(word(got, l * OUT + 128 + 16 * r + 4 * c)).as("lane %d acc0[%d][%d]", l, r, c)
                                .isEqualTo(cc);
                        if (r < mt && c < nt) {
                            ByteBuffer.wrap(expectStore).order(ByteOrder.LITTLE_ENDIAN)
                                    .putInt(STORE / 2 + r * storeStride[l] + 4 * c, cc);
                        }
                    }
                }
                assertThat(java.util.Arrays.copyOfRange(stored, l * STORE, (l + 1) * STORE))
                        .as("lane %d msce32 region", l).isEqualTo(expectStore);
            }
        }
    }

    private static String word(int w) {
        return "    .word 0x" + Integer.toHexString(w);
    }

    private static int word(byte[] b, int o) {
        return ByteBuffer.wrap(b, o, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }
}
