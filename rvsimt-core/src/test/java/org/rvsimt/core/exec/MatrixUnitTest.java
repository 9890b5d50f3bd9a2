package org.rvsimt.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.LaunchResult;

/**
 * The matrix unit end to end: a kernel (matrix words written as {@code .word}, encoded here from the
 * layout in docs/isa.md, section XMATRIX, with uop = 10) loads A, B (transposed) and C tiles, runs one
 * multiply-accumulate and stores C; the result is compared with a naive Java matmul whose sum is
 * exact (BigDecimal) and rounded once, to nearest even, by {@link BigDecimal#floatValue()}: the
 * "rounding after accumulation" this implementation defines. Inputs of bf16 and fp8 are widened
 * by the test's own decoders; int8 wraps modulo 2^32. Shapes smaller than the 4x4 tile check
 * that accumulator elements outside mtilem x mtilen become 0. Two lanes run it, on both engines.
 */
class MatrixUnitTest {
    private static final int T0 = 5;
    private static final int T1 = 6;
    private static final int T2 = 7;
    private static final int T3 = 28;
    private static final int T4 = 29;
    private static final int T5 = 30;

    static int config(int func4, int rd, int uimm) {
        return func4 << 28 | uimm << 15 | rd << 7 | 0x2B;
    }

    static int loadStore(int func4, boolean store, int rs2, int rs1, int dSize, int reg) {
        return func4 << 28 | 1 << 26 | (store ? 1 << 25 : 0) | rs2 << 20 | rs1 << 15 | dSize << 10 | reg << 7 | 0x2B;
    }

    static int mm(int func4, int sizeSup, int ms2, int sSize, int ms1, int dSize, int md) {
        return func4 << 28 | 2 << 26 | sizeSup << 23 | ms2 << 20 | sSize << 18 | ms1 << 15 | dSize << 10 | md << 7 | 0x2B;
    }

    @ParameterizedTest(name = "{0} {4}x{5}, {6}")
    @CsvSource({
        "mfmacc.s, 4, 0, 2, 4, 4, interp", "mfmacc.s, 4, 0, 2, 4, 4, jit", "mfmacc.s, 4, 0, 2, 3, 2, interp",
        "mfmacc.s.bf16, 2, 1, 1, 4, 4, interp", "mfmacc.s.bf16, 2, 1, 1, 2, 3, jit",
        "mfmacc.s.e4, 1, 1, 0, 4, 4, interp", "mfmacc.s.e5, 1, 0, 0, 4, 4, jit",
        "mmacc.w.b, 1, 3, 0, 4, 4, interp", "mmaccu.w.b, 1, 0, 0, 4, 4, jit", "mmaccsu.w.b, 1, 2, 0, 3, 4, interp"
    })
    void multiplyAccumulateMatchesNaiveMatmul(String mnemonic, int eb, int sizeSup, int sSize, int mt, int nt,
                                              String engine) {
        int k = 16 / eb;
        boolean integer = mnemonic.startsWith("mmacc");
        Random r = new Random(mnemonic.hashCode() * 31L + mt * 7 + nt);
        byte[] a = new byte[64];
        byte[] b = new byte[64];
        for (int i = 0; i < 64; i += eb) {
            put(a, i, eb, randomElement(r, mnemonic));
            put(b, i, eb, randomElement(r, mnemonic));
        }
        int[] c = new int[16];
        for (int i = 0; i < 16; i++) {
            c[i] = integer ? r.nextInt() : Float.floatToRawIntBits((float) (r.nextGaussian() * 4));
        }
        int func4 = integer ? 1 : 0;
        String src = String.join("\n",
                "    lw t0, 0(a0)", "    lw t1, 4(a0)", "    lw t2, 8(a0)", "    lw t3, 12(a0)", "    li t4, 16",
                "    li t5, 16",
                word(config(2, 0, mt)), word(config(3, 0, nt)), word(config(1, 0, k)),
                word(loadStore(0, false, T4, T0, Integer.numberOfTrailingZeros(eb), 0)),    // mlae tr0
                word(loadStore(1, false, T4, T1, Integer.numberOfTrailingZeros(eb), 1)),    // mlbe tr1
                word(loadStore(2, false, T5, T2, 2, 4)),                                     // mlce32 acc0
                word(mm(func4, sizeSup, 1, sSize, 0, 2, 4)),                                 // acc0 += tr0 * tr1^T
                word(loadStore(2, true, T5, T3, 2, 4)),                                      // msce32 acc0
                "    ret", "");
        try (KernelHarness h = KernelHarness.of(engine, 4, 1)) {
            Buffer ba = h.device.alloc(64).write(a);
            Buffer bb = h.device.alloc(64).write(b);
            Buffer bc = h.device.alloc(64).write(c);
            Buffer out = h.ints(16);
            LaunchResult res = h.run(src, Dim3.of(1), Dim3.of(2), 0, ba, bb, bc, out);
            assertThat(res.ok()).as("%s", res).isTrue();
            int[] got = out.readInts();
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 4; j++) {
                    int expected = i < mt && j < nt ? reference(mnemonic, a, b, c[i * 4 + j], i, j, k, eb) : 0;
                    assertThat(got[i * 4 + j]).as("%s C[%d][%d]", mnemonic, i, j).isEqualTo(expected);
                }
            }
        }
    }

    /**
     * mlbte (the spec's transposed B load, func4 0101 in its load/store table) reads B column-major:
     * tile element (j, k) comes from base + k * stride + j * size, so memory rows are the tile's
     * columns. The whole tile is stored back with msbe (row-major, stride 16) and compared with that
     * definition; elements outside mtilen x mtilek are 0 (a load zeroes the register first).
     */
    @ParameterizedTest(name = "mlbte{0} {1}x{2}, stride {3}, {4}")
    @CsvSource({"32, 4, 4, 16, interp", "32, 4, 4, 16, jit", "32, 3, 2, 36, jit", "16, 4, 8, 8, interp",
        "16, 2, 5, 12, jit", "8, 4, 16, 4, jit", "8, 3, 7, 20, interp"})
    void transposedBLoadReadsMemoryRowsAsTileColumns(int bits, int nt, int kt, int stride, String engine) {
        int eb = bits / 8;
        Random r = new Random(bits * 131L + nt * 17 + kt * 5 + stride);
        byte[] mem = new byte[16 * stride + 64];
        r.nextBytes(mem);
        int dSize = Integer.numberOfTrailingZeros(eb);
        String src = String.join("\n",
                "    lw t0, 0(a0)", "    lw t3, 4(a0)", "    li t4, " + stride, "    li t5, 16",
                word(config(3, 0, nt)), word(config(1, 0, kt)),
                word(loadStore(5, false, T4, T0, dSize, 1)),                                 // mlbte tr1
                word(config(3, 0, 4)), word(config(1, 0, 16 / eb)),                          // the whole tile
                word(loadStore(1, true, T5, T3, dSize, 1)),                                  // msbe tr1
                "    ret", "");
        try (KernelHarness h = KernelHarness.of(engine, 4, 1)) {
            Buffer bm = h.device.alloc(mem.length).write(mem);
            Buffer out = h.device.alloc(64).fill((byte) 0x77);
            LaunchResult res = h.run(src, Dim3.of(1), Dim3.of(1), 0, bm, out);
            assertThat(res.ok()).as("%s", res).isTrue();
            byte[] got = out.readBytes();
            for (int j = 0; j < 4; j++) {
                for (int k = 0; k < 16 / eb; k++) {
                    int expected = j < nt && k < kt ? get(mem, k * stride + j * eb, eb) : 0;
                    assertThat(get(got, j * 16 + k * eb, eb)).as("mlbte%d tile[%d][%d]", bits, j, k).isEqualTo(expected);
                }
            }
        }
    }

    private static String word(int w) {
        return String.format("    .word 0x%08x", w);
    }

    private static int randomElement(Random r, String mnemonic) {
        return switch (mnemonic) {
            case "mfmacc.s" -> Float.floatToRawIntBits((float) (r.nextGaussian() * 3));
            case "mfmacc.s.bf16" -> Float.floatToRawIntBits((float) r.nextGaussian()) >>> 16;
            case "mfmacc.s.e4" -> r.nextInt(0x7F) | (r.nextBoolean() ? 0x80 : 0);   // no NaN (S.1111.111)
            case "mfmacc.s.e5" -> r.nextInt(0x7C) | (r.nextBoolean() ? 0x80 : 0);   // finite
            default -> r.nextInt(256);
        };
    }

    private static void put(byte[] d, int o, int n, int v) {
        for (int i = 0; i < n; i++) {
            d[o + i] = (byte) (v >>> (8 * i));
        }
    }

    private static int get(byte[] d, int o, int n) {
        ByteBuffer bb = ByteBuffer.wrap(d).order(ByteOrder.LITTLE_ENDIAN);
        return n == 4 ? bb.getInt(o) : n == 2 ? bb.getShort(o) & 0xFFFF : d[o] & 0xFF;
    }

    /** C[i][j] + sum_k A[i][k] * B[j][k], rows of 16 bytes. */
    private static int reference(String mnemonic, byte[] a, byte[] b, int c, int i, int j, int k, int eb) {
        if (mnemonic.startsWith("mmacc")) {
            boolean aSigned = mnemonic.equals("mmacc.w.b") || mnemonic.equals("mmaccsu.w.b");
            boolean bSigned = mnemonic.equals("mmacc.w.b") || mnemonic.equals("mmaccus.w.b");
            int s = c;
            for (int t = 0; t < k; t++) {
                s += (aSigned ? a[i * 16 + t] : a[i * 16 + t] & 0xFF) * (bSigned ? b[j * 16 + t] : b[j * 16 + t] & 0xFF);
            }
            return s;
        }
        BigDecimal sum = new BigDecimal(Float.intBitsToFloat(c));
        for (int t = 0; t < k; t++) {
            sum = sum.add(widen(mnemonic, get(a, i * 16 + t * eb, eb)).multiply(widen(mnemonic, get(b, j * 16 + t * eb, eb))));
        }
        return Float.floatToRawIntBits(sum.floatValue());
    }

    /** The exact value of one input element (OCP fp8: E4M3 bias 7, E5M2 bias 15). */
    private static BigDecimal widen(String mnemonic, int raw) {
        return switch (mnemonic) {
            case "mfmacc.s" -> new BigDecimal(Float.intBitsToFloat(raw));
            case "mfmacc.s.bf16" -> new BigDecimal(Float.intBitsToFloat(raw << 16));
            case "mfmacc.s.e4" -> minifloat(raw, 4, 3, 7);
            default -> minifloat(raw, 5, 2, 15);
        };
    }

    private static BigDecimal minifloat(int raw, int eBits, int mBits, int bias) {
        int e = raw >>> mBits & ((1 << eBits) - 1);
        int m = raw & ((1 << mBits) - 1);
        double v = e == 0 ? m * Math.scalb(1.0, 1 - bias - mBits) : (1 + m / (double) (1 << mBits)) * Math.scalb(1.0, e - bias);
        return new BigDecimal((raw & 0x80) != 0 ? -v : v);
    }
}
