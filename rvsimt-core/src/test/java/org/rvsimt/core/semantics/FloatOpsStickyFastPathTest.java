package org.rvsimt.core.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The sticky-inexact fast path must give exactly what the exact path gives with NX already set:
 * same result bits and the same flag set.
 */
class FloatOpsStickyFastPathTest {

    interface Op {
        int apply(int a, int b, int c, int[] flags);
    }

    private static int operand(SplittableRandom r) {
        return switch (r.nextInt(4)) {
            case 0 -> r.nextInt();
            case 1 -> Float.floatToRawIntBits((float) (r.nextDouble() * 200 - 100));
            case 2 -> (r.nextInt() & 0x80FFFFFF) | (r.nextInt(6) << 23);          // tiny exponents
            default -> (r.nextInt() & 0x807FFFFF) | ((250 + r.nextInt(5)) << 23);  // huge exponents
        };
    }

    private static void check(String name, Op op) {
        SplittableRandom r = new SplittableRandom(name.hashCode());
        for (int i = 0; i < 300_000; i++) {
            int a = operand(r);
            int b = operand(r);
            int c = operand(r);
            int[] fast = {FloatOps.NX};
            int viaFast = op.apply(a, b, c, fast);
            int[] exact = {0};
            int viaExact = op.apply(a, b, c, exact);
            assertThat(viaFast).as("%s(%08x, %08x, %08x)", name, a, b, c).isEqualTo(viaExact);
            assertThat(fast[0]).as("flags of %s(%08x, %08x, %08x)", name, a, b, c).isEqualTo(exact[0] | FloatOps.NX);
        }
    }

    @Test
    void addSubMulDivFmaAgreeWithTheExactPath() {
        check("add", (a, b, c, f) -> FloatOps.faddS(a, b, 0, f, 0));
        check("sub", (a, b, c, f) -> FloatOps.fsubS(a, b, 0, f, 0));
        check("mul", (a, b, c, f) -> FloatOps.fmulS(a, b, 0, f, 0));
        check("div", (a, b, c, f) -> FloatOps.fdivS(a, b, 0, f, 0));
        check("fmadd", (a, b, c, f) -> FloatOps.fmaddS(a, b, c, 0, f, 0));
        check("fnmsub", (a, b, c, f) -> FloatOps.fnmsubS(a, b, c, 0, f, 0));
    }
}
