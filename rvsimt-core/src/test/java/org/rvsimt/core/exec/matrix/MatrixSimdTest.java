package org.rvsimt.core.exec.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.semantics.MatrixOps;

/**
 * The host-SIMD f32 multiply decides an output only when the exact sum rounds as its double sum does:
 * every output it decides equals {@link MatrixOps#dotAccumulate} (the exact path that
 * MatrixOpsFastPathTest checks against BigDecimal) in bits, and its flags equal the OR of the exact
 * path's flags over the decided outputs, in every rounding mode, on seeded tiles of every shape built
 * to be hard: values next to binary32 ties, cancellation, subnormal and overflowing sums, NaN,
 * infinities and signed zeros. Plain tiles must be decided almost entirely here.
 */
class MatrixSimdTest {
    private static final int TILES = 100_000;

    @Test
    void decidedOutputsEqualTheExactPath() {
        SplittableRandom rnd = new SplittableRandom(0x51D);
        MatrixState s = new MatrixState(1);
        int[][] a = new int[4][4];
        int[][] b = new int[4][4];
        int[] c = new int[16];
        int[] out = new int[16];
        int[] exactFlags = new int[1];
        long decided = 0;
        long outputs = 0;
        long plainUndecided = 0;
        for (int t = 0; t < TILES; t++) {
            int strategy = rnd.nextInt(5);
            int mt = rnd.nextInt(1, 5);
            int nt = rnd.nextInt(1, 5);
            int kt = rnd.nextInt(1, 5);
            int rm = rnd.nextInt(5);
            for (int i = 0; i < 4; i++) {
                for (int k = 0; k < 4; k++) {
                    a[i][k] = value(strategy, rnd);
                    b[i][k] = value(strategy, rnd);
                }
                for (int j = 0; j < 4; j++) {
                    c[i * 4 + j] = value(strategy, rnd);
                }
            }
            if (strategy == 1) {
                nearTies(a, b, c, rnd);
            }
            widen(s, a, b, c, mt, nt, kt);
            s.fflags[0] = 0;
            long undecided = MatrixSimd.multiplyF32(s, mt, nt, kt, rm, 0, out);
            exactFlags[0] = 0;
            for (int i = 0; i < mt; i++) {
                for (int j = 0; j < nt; j++) {
                    int o = i * 4 + j;
                    outputs++;
                    if ((undecided >>> o & 1) != 0) {
                        plainUndecided += strategy == 0 ? 1 : 0;
                        continue;
                    }
                    decided++;
                    int exact = MatrixOps.dotAccumulate(c[o], a[i], b[j], kt, rm, exactFlags, 0);
                    assertThat(out[o]).as("tile %d (strategy %d, rm %d) C[%d][%d]", t, strategy, rm, i, j)
                            .isEqualTo(exact);
                }
            }
            assertThat(undecided & ~shape(mt, nt)).as("undecided bits outside the shape").isZero();
            assertThat(s.fflags[0]).as("tile %d flags (strategy %d, rm %d)", t, strategy, rm).isEqualTo(exactFlags[0]);
        }
        System.out.printf("matrix SIMD multiply: %d of %d outputs decided on host SIMD%n", decided, outputs);
        assertThat(plainUndecided).as("plain outputs left to the exact path").isLessThan(outputs / 1000);
    }

    /**
     * The across-lanes form: LANES lanes with one shape and rounding mode, each with its own tiles; every
     * output (decided on SIMD or by the exact path inside) and each lane's flags equal the exact path's,
     * and accumulator elements outside the shape become 0.
     */
    @Test
    void acrossLanesEqualsTheExactPathPerLane() {
        SplittableRandom rnd = new SplittableRandom(0x1A7E5);
        int lanes = MatrixSimd.LANES;
        MatrixState s = new MatrixState(lanes * 2);
        int[] a = new int[4];
        int[] b = new int[4];
        int[] flags = new int[1];
        int md = 5;                                        // acc1 += tr2 * tr3^T
        int word = md << 7 | 2 << 15 | 3 << 20;
        for (int t = 0; t < TILES / lanes; t++) {
            int strategy = rnd.nextInt(5);
            int mt = rnd.nextInt(1, 5);
            int nt = rnd.nextInt(1, 5);
            int kt = rnd.nextInt(1, 5);
            int rm = rnd.nextInt(5);
            int l0 = rnd.nextBoolean() ? 0 : lanes;
            for (int l = l0; l < l0 + lanes; l++) {
                s.mtilem[l] = mt;
                s.mtilen[l] = nt;
                s.mtilek[l] = kt;
                s.frm[l] = rm;
                s.fflags[l] = 0;
                for (int r = 0; r < 4; r++) {
                    for (int q = 0; q < 4; q++) {
                        s.write(l, 2, r, 4 * q, 4, value(strategy, rnd));
                        s.write(l, 3, r, 4 * q, 4, value(strategy, rnd));
                        s.write(l, md, r, 4 * q, 4, strategy == 1 ? Float.floatToRawIntBits((float) rnd.nextDouble(1, 2))
                                : value(strategy, rnd));
                    }
                }
            }
            if (strategy == 1) {                             // near-ties: c in [1, 2) plus half its ulp, nudged
                for (int l = l0; l < l0 + lanes; l++) {
                    for (int r = 0; r < 4; r++) {
                        s.write(l, 2, r, 0, 4, Float.floatToRawIntBits(rnd.nextBoolean() ? 0x1p-24f : -0x1p-24f));
                        s.write(l, 3, r, 0, 4, Float.floatToRawIntBits(1f));
                        for (int q = 1; q < 4; q++) {
                            s.write(l, 2, r, 4 * q, 4, rnd.nextBoolean() ? 0
                                    : Float.floatToRawIntBits((float) Math.scalb(rnd.nextDouble(-1, 1), -rnd.nextInt(30, 61))));
                        }
                    }
                }
            }
            int[][] expected = new int[lanes][16];
            int[] expectedFlags = new int[lanes];
            for (int l = 0; l < lanes; l++) {
                for (int i = 0; i < 4; i++) {
                    for (int j = 0; j < 4; j++) {
                        if (i >= mt || j >= nt) {
                            continue;                        // stays 0
                        }
                        for (int k = 0; k < kt; k++) {
                            a[k] = s.read(l0 + l, 2, i, 4 * k, 4);
                            b[k] = s.read(l0 + l, 3, j, 4 * k, 4);
                        }
                        flags[0] = 0;
                        expected[l][i * 4 + j] = MatrixOps.dotAccumulate(s.read(l0 + l, md, i, 4 * j, 4), a, b, kt, rm,
                                flags, 0);
                        expectedFlags[l] |= flags[0];
                    }
                }
            }
            MatrixSimd.multiplyF32Lanes(s, word, l0);
            for (int l = 0; l < lanes; l++) {
                for (int o = 0; o < 16; o++) {
                    assertThat(s.read(l0 + l, md, o / 4, 4 * (o % 4), 4))
                            .as("group %d (strategy %d, rm %d, %dx%dx%d) lane %d C[%d][%d]", t, strategy, rm, mt, nt, kt,
                                    l, o / 4, o % 4).isEqualTo(expected[l][o]);
                }
                assertThat(s.fflags[l0 + l]).as("group %d lane %d flags", t, l).isEqualTo(expectedFlags[l]);
            }
        }
    }

    private static long shape(int mt, int nt) {
        long m = 0;
        for (int i = 0; i < mt; i++) {
            m |= ((1L << nt) - 1) << i * 4;
        }
        return m;
    }

    /** The doubles the multiply reads, laid out as MatrixUnit writes them (B k-major, zeros outside). */
    private static void widen(MatrixState s, int[][] a, int[][] b, int[] c, int mt, int nt, int kt) {
        java.util.Arrays.fill(s.wideC, 0);
        java.util.Arrays.fill(s.wideBk, 0);
        for (int i = 0; i < mt; i++) {
            for (int k = 0; k < kt; k++) {
                s.wideA[i * MatrixState.TILE_ROW_BYTES + k] = Float.intBitsToFloat(a[i][k]);
            }
            for (int j = 0; j < nt; j++) {
                s.wideC[i * 4 + j] = Float.intBitsToFloat(c[i * 4 + j]);
            }
        }
        for (int k = 0; k < kt; k++) {
            for (int j = 0; j < nt; j++) {
                s.wideBk[k * 4 + j] = Float.intBitsToFloat(b[j][k]);
            }
        }
    }

    /** A binary32 by strategy: 0 plain, 1 plain (then made near-ties), 2 wide exponents, 3 tiny, 4 specials. */
    private static int value(int strategy, SplittableRandom rnd) {
        return switch (strategy) {
            case 0, 1 -> Float.floatToRawIntBits((float) rnd.nextDouble(-1, 1));
            case 2 -> rnd.nextInt() & 0x8000_0000 | rnd.nextInt(1, 255) << 23 | rnd.nextInt() & 0x7F_FFFF;
            case 3 -> Float.floatToRawIntBits((float) Math.scalb(rnd.nextDouble(-1, 1), -rnd.nextInt(60, 80)));
            default -> switch (rnd.nextInt(8)) {
                case 0 -> 0x7FC0_0000;
                case 1 -> 0x7F80_0000 | rnd.nextInt() & 0x8000_0000;
                case 2 -> rnd.nextInt() & 0x8000_0000;
                case 3 -> 0x7F7F_FFFF | rnd.nextInt() & 0x8000_0000;
                case 4 -> rnd.nextInt(1, 0x80_0000) | rnd.nextInt() & 0x8000_0000;
                default -> Float.floatToRawIntBits((float) rnd.nextDouble(-4, 4));
            };
        };
    }

    /**
     * Sums on or next to a binary32 tie: c in [1, 2), a[i][0] * b[j][0] = +-2^-24 (half an ulp of c), the
     * other products 0 or far smaller (2^-30 to 2^-60 of it), so only they decide the rounding.
     */
    private static void nearTies(int[][] a, int[][] b, int[] c, SplittableRandom rnd) {
        for (int i = 0; i < 4; i++) {
            a[i][0] = Float.floatToRawIntBits(rnd.nextBoolean() ? 0x1p-24f : -0x1p-24f);
            b[i][0] = Float.floatToRawIntBits(rnd.nextBoolean() ? 1f : -1f);
            for (int k = 1; k < 4; k++) {
                a[i][k] = rnd.nextBoolean() ? 0 : Float.floatToRawIntBits((float) Math.scalb(rnd.nextDouble(-1, 1),
                        -rnd.nextInt(30, 61)));
                b[i][k] = Float.floatToRawIntBits((float) rnd.nextDouble(-1, 1));
            }
            for (int j = 0; j < 4; j++) {
                c[i * 4 + j] = Float.floatToRawIntBits((float) rnd.nextDouble(1, 2));
            }
        }
    }
}
