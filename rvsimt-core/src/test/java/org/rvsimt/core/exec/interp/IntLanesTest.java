package org.rvsimt.core.exec.interp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.semantics.Control;
import org.rvsimt.isa.Operation.Alu;
import org.rvsimt.isa.Operation.Branch;
import org.rvsimt.isa.semantics.IntOps;

/**
 * The interpreter's integer lane loops against the per-lane semantic methods ({@link IntOps#apply},
 * {@link Control#taken}, each tied to its declaration by IntOpsDispatchTest): every operation, full
 * warps (the counted loops) and sparse masks, with lanes outside the mask left alone, and operands
 * drawn to include shift amounts above 31, zero divisors and the extreme values.
 */
class IntLanesTest {
    private static final int[] EDGES = {0, 1, -1, 31, 32, 33, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x80, 0xFFFF};

    @Test
    void everyAluOperationMatchesItsSemanticMethodOnFullAndPartialWarps() {
        SplittableRandom r = new SplittableRandom(13);
        for (int width : new int[] {4, 32, 64}) {
            long full = width == 64 ? -1L : (1L << width) - 1;
            for (Alu op : Alu.values()) {
                for (int round = 0; round < 20; round++) {
                    long m = round % 2 == 0 ? full : r.nextLong() & full;
                    int[] x = registers(r, width);
                    int imm = round < EDGES.length ? EDGES[round] : r.nextInt(-2048, 2048);
                    int d = 5 * width;
                    int a = 6 * width;
                    int b = (round % 3 == 0 ? 5 : 7) * width;   // rd = rs2 as well as distinct rows

                    int[] expected = x.clone();
                    for (int l = 0; l < width; l++) {
                        if ((m >>> l & 1) != 0) {
                            expected[d + l] = IntOps.apply(op, x[a + l], x[b + l]);
                        }
                    }
                    int[] got = x.clone();
                    IntLanes.registers(op, got, d, a, b, m, full, width);
                    assertThat(got).as("%s rr width %d mask %x", op, width, m).isEqualTo(expected);

                    expected = x.clone();
                    for (int l = 0; l < width; l++) {
                        if ((m >>> l & 1) != 0) {
                            expected[d + l] = IntOps.apply(op, x[a + l], imm);
                        }
                    }
                    got = x.clone();
                    IntLanes.immediate(op, got, d, a, imm, m, full, width);
                    assertThat(got).as("%s ri %d width %d mask %x", op, imm, width, m).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void everyBranchConditionMatchesControlTaken() {
        SplittableRandom r = new SplittableRandom(14);
        int width = 32;
        for (Branch op : Branch.values()) {
            for (int round = 0; round < 50; round++) {
                long m = round % 2 == 0 ? 0xFFFF_FFFFL : r.nextLong() & 0xFFFF_FFFFL;
                int[] x = registers(r, width);
                if (round % 5 == 0) {
                    System.arraycopy(x, 6 * width, x, 7 * width, width);   // equal operands
                }
                long expected = 0;
                for (int l = 0; l < width; l++) {
                    if ((m >>> l & 1) != 0 && Control.taken(op, x[6 * width + l], x[7 * width + l])) {
                        expected |= 1L << l;
                    }
                }
                assertThat(IntLanes.taken(op, x, 6 * width, 7 * width, m)).as("%s mask %x", op, m).isEqualTo(expected);
            }
        }
    }

    private static int[] registers(SplittableRandom r, int width) {
        int[] x = new int[33 * width];
        for (int k = 0; k < x.length; k++) {
            x[k] = r.nextInt(4) == 0 ? EDGES[r.nextInt(EDGES.length)] : r.nextInt();
        }
        return x;
    }
}
