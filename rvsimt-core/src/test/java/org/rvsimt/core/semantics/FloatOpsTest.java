package org.rvsimt.core.semantics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rvsimt.core.semantics.FloatOps.DZ;
import static org.rvsimt.core.semantics.FloatOps.NV;
import static org.rvsimt.core.semantics.FloatOps.NX;
import static org.rvsimt.core.semantics.FloatOps.OF;
import static org.rvsimt.core.semantics.FloatOps.UF;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Hand-checked corner cases of the RV32F semantics. */
class FloatOpsTest {
    private static final int RNE = 0;
    private static final int RTZ = 1;
    private static final int RDN = 2;
    private static final int RUP = 3;
    private static final int RMM = 4;

    private static final int P0 = 0x00000000;
    private static final int N0 = 0x80000000;
    private static final int PINF = 0x7F800000;
    private static final int NINF = 0xFF800000;
    private static final int QNAN = 0x7FC00000;
    private static final int QNAN_NEG_PAYLOAD = 0xFFC12345;
    private static final int SNAN = 0x7F800001;
    private static final int MAX = 0x7F7FFFFF;
    private static final int MIN_NORMAL = 0x00800000;
    private static final int MIN_SUB = 0x00000001;
    private static final int ONE = 0x3F800000;
    private static final int CANON = FloatOps.CANONICAL_NAN;

    private final int[] fflags = new int[4];

    private static int f(float x) {
        return Float.floatToRawIntBits(x);
    }

    /** Runs op with a cleared flag slot (lane 2, to check the lane index is honoured). */
    private int flagsOf(java.util.function.IntSupplier op, int expectedBits) {
        fflags[2] = 0;
        int r = op.getAsInt();
        assertThat(Integer.toHexString(r)).isEqualTo(Integer.toHexString(expectedBits));
        assertThat(fflags[0] | fflags[1] | fflags[3]).as("other lanes untouched").isZero();
        return fflags[2];
    }

    private void expect(java.util.function.IntSupplier op, int bits, int flags) {
        assertThat(FpOracle.flagNames(flagsOf(op, bits))).isEqualTo(FpOracle.flagNames(flags));
    }

    // ---- signed zeros ----

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3, 4})
    void exactCancellationIsPlusZeroExceptInRdn(int rm) {
        expect(() -> FloatOps.faddS(f(1.5f), f(-1.5f), rm, fflags, 2), P0, 0);
        expect(() -> FloatOps.fsubS(f(1.5f), f(1.5f), rm, fflags, 2), P0, 0);
        expect(() -> FloatOps.faddS(P0, N0, rm, fflags, 2), P0, 0);
        expect(() -> FloatOps.faddS(N0, N0, rm, fflags, 2), N0, 0);
        expect(() -> FloatOps.fmaddS(f(2f), f(3f), f(-6f), rm, fflags, 2), P0, 0);
        expect(() -> FloatOps.fmaddS(N0, ONE, N0, rm, fflags, 2), N0, 0);
        expect(() -> FloatOps.fmaddS(P0, ONE, N0, rm, fflags, 2), P0, 0);
    }

    @Test
    void exactCancellationInRdnIsMinusZero() {
        expect(() -> FloatOps.faddS(f(1.5f), f(-1.5f), RDN, fflags, 2), N0, 0);
        expect(() -> FloatOps.fsubS(f(1.5f), f(1.5f), RDN, fflags, 2), N0, 0);
        expect(() -> FloatOps.faddS(P0, N0, RDN, fflags, 2), N0, 0);
        expect(() -> FloatOps.faddS(P0, P0, RDN, fflags, 2), P0, 0);
        expect(() -> FloatOps.fsubS(P0, P0, RDN, fflags, 2), N0, 0);
        expect(() -> FloatOps.fmaddS(f(2f), f(3f), f(-6f), RDN, fflags, 2), N0, 0);
        expect(() -> FloatOps.fmaddS(P0, ONE, P0, RDN, fflags, 2), P0, 0);
        expect(() -> FloatOps.fmaddS(N0, ONE, P0, RDN, fflags, 2), N0, 0);
        // -(a*b) + c: the product is negated before the sum
        expect(() -> FloatOps.fnmsubS(P0, ONE, P0, RNE, fflags, 2), P0, 0);
        expect(() -> FloatOps.fnmsubS(P0, ONE, N0, RNE, fflags, 2), N0, 0);
        expect(() -> FloatOps.fnmaddS(P0, ONE, P0, RNE, fflags, 2), N0, 0);
    }

    @Test
    void tinyResultsRoundToSignedZeroOrMinSubnormal() {
        int tiny = f(0x1p-100f);
        expect(() -> FloatOps.fmulS(tiny, tiny, RNE, fflags, 2), P0, UF | NX);
        expect(() -> FloatOps.fmulS(tiny, tiny | N0, RNE, fflags, 2), N0, UF | NX);
        expect(() -> FloatOps.fmulS(tiny, tiny, RUP, fflags, 2), MIN_SUB, UF | NX);
        expect(() -> FloatOps.fmulS(tiny, tiny | N0, RDN, fflags, 2), MIN_SUB | N0, UF | NX);
        expect(() -> FloatOps.fmulS(tiny, tiny | N0, RUP, fflags, 2), N0, UF | NX);
        // exactly half the smallest subnormal: ties to even gives 0, RMM gives min subnormal
        int half = f(0x1p-75f);
        expect(() -> FloatOps.fmulS(half, half, RNE, fflags, 2), P0, UF | NX);
        expect(() -> FloatOps.fmulS(half, half, RMM, fflags, 2), MIN_SUB, UF | NX);
        // 1.5 * min subnormal is a tie between 1 and 2 subnormal units
        expect(() -> FloatOps.fmulS(f(1.5f), MIN_SUB, RNE, fflags, 2), 2, UF | NX);
        expect(() -> FloatOps.fmulS(f(1.5f), MIN_SUB, RTZ, fflags, 2), 1, UF | NX);
    }

    // ---- overflow ----

    @Test
    void overflowGivesInfOrMaxFiniteByMode() {
        int big = f(0x1p100f);
        expect(() -> FloatOps.fmulS(big, big, RNE, fflags, 2), PINF, OF | NX);
        expect(() -> FloatOps.fmulS(big, big, RMM, fflags, 2), PINF, OF | NX);
        expect(() -> FloatOps.fmulS(big, big, RTZ, fflags, 2), MAX, OF | NX);
        expect(() -> FloatOps.fmulS(big, big, RDN, fflags, 2), MAX, OF | NX);
        expect(() -> FloatOps.fmulS(big, big, RUP, fflags, 2), PINF, OF | NX);
        expect(() -> FloatOps.fmulS(big, big | N0, RNE, fflags, 2), NINF, OF | NX);
        expect(() -> FloatOps.fmulS(big, big | N0, RTZ, fflags, 2), MAX | N0, OF | NX);
        expect(() -> FloatOps.fmulS(big, big | N0, RDN, fflags, 2), NINF, OF | NX);
        expect(() -> FloatOps.fmulS(big, big | N0, RUP, fflags, 2), MAX | N0, OF | NX);
        // MAX + half an ulp of MAX is the overflow threshold for RNE (a tie rounds to "even" inf)
        int halfUlp = f(0x1p103f);
        expect(() -> FloatOps.faddS(MAX, halfUlp, RNE, fflags, 2), PINF, OF | NX);
        expect(() -> FloatOps.faddS(MAX, halfUlp, RTZ, fflags, 2), MAX, NX);
        expect(() -> FloatOps.faddS(MAX, f(0x1p102f), RNE, fflags, 2), MAX, NX);
        expect(() -> FloatOps.faddS(MAX, f(0x1p102f), RUP, fflags, 2), PINF, OF | NX);
        expect(() -> FloatOps.faddS(MAX, MIN_SUB, RUP, fflags, 2), PINF, OF | NX);
        expect(() -> FloatOps.faddS(MAX, MIN_SUB, RNE, fflags, 2), MAX, NX);
    }

    // ---- underflow: tininess after rounding ----

    @Test
    void underflowIsDetectedAfterRounding() {
        // (1 - 2^-24) * 2^-126 = (2^24 - 1) * 2^-150 is exact at 24 bits and below 2^-126, so
        // it is tiny, although in RNE and RUP the subnormal rounding lands on 2^-126.
        int a = 0x3F7FFFFF; // 1 - 2^-24
        expect(() -> FloatOps.fmulS(a, MIN_NORMAL, RNE, fflags, 2), MIN_NORMAL, UF | NX);
        expect(() -> FloatOps.fmulS(a, MIN_NORMAL, RUP, fflags, 2), MIN_NORMAL, UF | NX);
        expect(() -> FloatOps.fmulS(a, MIN_NORMAL, RTZ, fflags, 2), 0x007FFFFF, UF | NX);
        // p*q = (2^12 - 2^-11)(2^12 + 2^-11) * 2^-150 = 2^-126 (1 - 2^-46): at 24 bits with an
        // unbounded exponent it rounds to 2^-126 in RNE/RUP/RMM (not tiny: NX only) and to
        // 2^-126 - 2^-150 in RTZ/RDN (tiny: UF).
        int p = f((4096f - 0x1p-11f) * 0x1p-60f);
        int q = f((4096f + 0x1p-11f) * 0x1p-90f);
        expect(() -> FloatOps.fmulS(p, q, RNE, fflags, 2), MIN_NORMAL, NX);
        expect(() -> FloatOps.fmulS(p, q, RUP, fflags, 2), MIN_NORMAL, NX);
        expect(() -> FloatOps.fmulS(p, q, RMM, fflags, 2), MIN_NORMAL, NX);
        expect(() -> FloatOps.fmulS(p, q, RTZ, fflags, 2), 0x007FFFFF, UF | NX);
        expect(() -> FloatOps.fmulS(p, q, RDN, fflags, 2), 0x007FFFFF, UF | NX);
        expect(() -> FloatOps.fmulS(p, q | N0, RDN, fflags, 2), MIN_NORMAL | N0, NX);
        expect(() -> FloatOps.fmulS(p, q | N0, RUP, fflags, 2), 0x807FFFFF, UF | NX);
        // Exact subnormal results do not underflow (UF needs inexact).
        expect(() -> FloatOps.fmulS(f(0.5f), 0x00000002, RNE, fflags, 2), MIN_SUB, 0);
        expect(() -> FloatOps.fsubS(MIN_NORMAL, MIN_SUB, RNE, fflags, 2), 0x007FFFFF, 0);
        expect(() -> FloatOps.fdivS(MIN_NORMAL, f(4f), RNE, fflags, 2), 0x00200000, 0);
    }

    // ---- NaNs ----

    @Test
    void nanResultsAreCanonicalAndOnlySignallingNansRaiseNv() {
        expect(() -> FloatOps.faddS(QNAN_NEG_PAYLOAD, ONE, RNE, fflags, 2), CANON, 0);
        expect(() -> FloatOps.faddS(SNAN, ONE, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fmulS(ONE, SNAN | N0, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fdivS(QNAN, QNAN, RNE, fflags, 2), CANON, 0);
        expect(() -> FloatOps.fsqrtS(SNAN, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fsqrtS(QNAN_NEG_PAYLOAD, RNE, fflags, 2), CANON, 0);
        expect(() -> FloatOps.fmaddS(ONE, ONE, SNAN, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fmaddS(QNAN, ONE, ONE, RNE, fflags, 2), CANON, 0);
    }

    @Test
    void invalidOperations() {
        expect(() -> FloatOps.faddS(PINF, NINF, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fsubS(PINF, PINF, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.faddS(PINF, PINF, RNE, fflags, 2), PINF, 0);
        expect(() -> FloatOps.fsubS(NINF, PINF, RNE, fflags, 2), NINF, 0);
        expect(() -> FloatOps.fmulS(PINF, N0, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fmulS(PINF, f(-2f), RNE, fflags, 2), NINF, 0);
        expect(() -> FloatOps.fdivS(P0, N0, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fdivS(PINF, NINF, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fdivS(ONE, N0, RNE, fflags, 2), NINF, DZ);
        expect(() -> FloatOps.fdivS(f(-3f), P0, RNE, fflags, 2), NINF, DZ);
        expect(() -> FloatOps.fdivS(PINF, P0, RNE, fflags, 2), PINF, 0);
        expect(() -> FloatOps.fdivS(ONE, NINF, RNE, fflags, 2), N0, 0);
        expect(() -> FloatOps.fdivS(N0, f(5f), RNE, fflags, 2), N0, 0);
        expect(() -> FloatOps.fsqrtS(f(-1f), RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fsqrtS(NINF, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fsqrtS(N0, RNE, fflags, 2), N0, 0);
        expect(() -> FloatOps.fsqrtS(PINF, RNE, fflags, 2), PINF, 0);
        expect(() -> FloatOps.fsqrtS(f(-0x1p-149f), RNE, fflags, 2), CANON, NV);
        // fma: inf * 0 is invalid even with a quiet NaN addend (spec 11.6)
        expect(() -> FloatOps.fmaddS(PINF, P0, QNAN, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fmaddS(P0, NINF, ONE, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fmaddS(PINF, ONE, NINF, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fmsubS(PINF, ONE, PINF, RNE, fflags, 2), CANON, NV);
        expect(() -> FloatOps.fmaddS(PINF, ONE, PINF, RNE, fflags, 2), PINF, 0);
        expect(() -> FloatOps.fnmaddS(PINF, ONE, ONE, RNE, fflags, 2), NINF, 0);
        expect(() -> FloatOps.fmaddS(ONE, ONE, NINF, RNE, fflags, 2), NINF, 0);
        expect(() -> FloatOps.fmaddS(MAX, MAX, NINF, RNE, fflags, 2), NINF, 0);
    }

    @Test
    void flagsAccumulate() {
        fflags[2] = NV;
        FloatOps.faddS(ONE, f(0x1p-30f), RNE, fflags, 2);
        assertThat(fflags[2]).isEqualTo(NV | NX);
        FloatOps.faddS(ONE, ONE, RNE, fflags, 2);
        assertThat(fflags[2]).isEqualTo(NV | NX);
    }

    // ---- directed rounding of ordinary values ----

    @Test
    void directedRoundingOfSimpleSums() {
        int third = f(1f / 3f);
        // 1 + 2^-24 is a tie between 1 and 1 + 2^-23
        int tie = f(0x1p-24f);
        expect(() -> FloatOps.faddS(ONE, tie, RNE, fflags, 2), ONE, NX);
        expect(() -> FloatOps.faddS(ONE, tie, RMM, fflags, 2), ONE + 1, NX);
        expect(() -> FloatOps.faddS(ONE, tie, RUP, fflags, 2), ONE + 1, NX);
        expect(() -> FloatOps.faddS(ONE, tie, RDN, fflags, 2), ONE, NX);
        expect(() -> FloatOps.faddS(ONE, tie, RTZ, fflags, 2), ONE, NX);
        // just past the tie by far less than a double ulp of the sum: TwoSum must see it
        int past = f(0x1p-24f + 0x1p-47f);
        expect(() -> FloatOps.faddS(ONE, past, RNE, fflags, 2), ONE + 1, NX);
        int tiny = MIN_SUB;
        expect(() -> FloatOps.faddS(ONE, tiny, RUP, fflags, 2), ONE + 1, NX);
        expect(() -> FloatOps.faddS(ONE, tiny, RNE, fflags, 2), ONE, NX);
        expect(() -> FloatOps.fsubS(ONE, tiny, RDN, fflags, 2), 0x3F7FFFFF, NX);
        expect(() -> FloatOps.fsubS(ONE, tiny, RTZ, fflags, 2), 0x3F7FFFFF, NX);
        expect(() -> FloatOps.fsubS(ONE, tiny, RNE, fflags, 2), ONE, NX);
        expect(() -> FloatOps.faddS(ONE | N0, tiny | N0, RDN, fflags, 2), (ONE + 1) | N0, NX);
        expect(() -> FloatOps.faddS(ONE | N0, tiny | N0, RUP, fflags, 2), ONE | N0, NX);
        expect(() -> FloatOps.fdivS(ONE, f(3f), RNE, fflags, 2), third, NX);
        // 1/3 = 0x3EAAAAAA.AAA..: RNE and RUP round up, RTZ and RDN down
        expect(() -> FloatOps.fdivS(ONE, f(3f), RUP, fflags, 2), third, NX);
        expect(() -> FloatOps.fdivS(ONE, f(3f), RTZ, fflags, 2), third - 1, NX);
        expect(() -> FloatOps.fdivS(ONE, f(-3f), RUP, fflags, 2), (third - 1) | N0, NX);
        expect(() -> FloatOps.fdivS(ONE, f(-3f), RDN, fflags, 2), third | N0, NX);
        expect(() -> FloatOps.fsqrtS(f(2f), RNE, fflags, 2), 0x3FB504F3, NX);
        expect(() -> FloatOps.fsqrtS(f(2f), RUP, fflags, 2), 0x3FB504F4, NX);
        expect(() -> FloatOps.fsqrtS(f(4f), RUP, fflags, 2), f(2f), 0);
    }

    @Test
    void fusedMultiplyAddRoundsOnce() {
        // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46: separately rounded it loses the 2^-46
        int a = ONE + 1;
        int c = f(-1f - 0x1p-22f);
        expect(() -> FloatOps.fmaddS(a, a, c, RNE, fflags, 2), f(0x1p-46f), 0);
        expect(() -> FloatOps.fmsubS(a, a, c ^ N0, RNE, fflags, 2), f(0x1p-46f), 0);
        expect(() -> FloatOps.fnmaddS(a, a, c, RNE, fflags, 2), f(-0x1p-46f), 0);
        // product far above the addend: the addend is only a sticky bit
        expect(() -> FloatOps.fmaddS(ONE, ONE, MIN_SUB, RUP, fflags, 2), ONE + 1, NX);
        expect(() -> FloatOps.fmaddS(ONE, ONE, MIN_SUB | N0, RTZ, fflags, 2), 0x3F7FFFFF, NX);
        expect(() -> FloatOps.fmaddS(ONE, ONE, MIN_SUB | N0, RNE, fflags, 2), ONE, NX);
    }

    // ---- min / max ----

    @Test
    void minMaxFollowMinimumNumberAndMaximumNumber() {
        assertThat(FloatOps.fminS(P0, N0, fflags, 2)).isEqualTo(N0);
        assertThat(FloatOps.fminS(N0, P0, fflags, 2)).isEqualTo(N0);
        assertThat(FloatOps.fmaxS(P0, N0, fflags, 2)).isEqualTo(P0);
        assertThat(FloatOps.fmaxS(N0, P0, fflags, 2)).isEqualTo(P0);
        assertThat(FloatOps.fminS(ONE, f(-2f), fflags, 2)).isEqualTo(f(-2f));
        assertThat(FloatOps.fmaxS(ONE, f(-2f), fflags, 2)).isEqualTo(ONE);
        assertThat(FloatOps.fminS(NINF, MAX, fflags, 2)).isEqualTo(NINF);
        assertThat(fflags[2]).isZero();
        expect(() -> FloatOps.fminS(QNAN, ONE, fflags, 2), ONE, 0);
        expect(() -> FloatOps.fmaxS(ONE, QNAN_NEG_PAYLOAD, fflags, 2), ONE, 0);
        expect(() -> FloatOps.fminS(SNAN, ONE, fflags, 2), ONE, NV);
        expect(() -> FloatOps.fmaxS(ONE, SNAN, fflags, 2), ONE, NV);
        expect(() -> FloatOps.fminS(QNAN_NEG_PAYLOAD, QNAN_NEG_PAYLOAD, fflags, 2), CANON, 0);
        expect(() -> FloatOps.fmaxS(SNAN, QNAN, fflags, 2), CANON, NV);
    }

    // ---- compares ----

    @Test
    void comparesQuietAndSignalling() {
        expect(() -> FloatOps.feqS(P0, N0, fflags, 2), 1, 0);
        expect(() -> FloatOps.fleS(N0, P0, fflags, 2), 1, 0);
        expect(() -> FloatOps.fltS(N0, P0, fflags, 2), 0, 0);
        expect(() -> FloatOps.fltS(NINF, MAX | N0, fflags, 2), 1, 0);
        expect(() -> FloatOps.feqS(QNAN, QNAN, fflags, 2), 0, 0);
        expect(() -> FloatOps.feqS(SNAN, ONE, fflags, 2), 0, NV);
        expect(() -> FloatOps.fltS(QNAN, ONE, fflags, 2), 0, NV);
        expect(() -> FloatOps.fleS(ONE, QNAN, fflags, 2), 0, NV);
        expect(() -> FloatOps.fleS(SNAN, SNAN, fflags, 2), 0, NV);
    }

    // ---- conversions ----

    @Test
    void floatToSignedIntSaturates() {
        expect(() -> FloatOps.fcvtWS(f(-1.1f), RTZ, fflags, 2), -1, NX);
        expect(() -> FloatOps.fcvtWS(f(-1.1f), RDN, fflags, 2), -2, NX);
        expect(() -> FloatOps.fcvtWS(f(2.5f), RNE, fflags, 2), 2, NX);
        expect(() -> FloatOps.fcvtWS(f(2.5f), RMM, fflags, 2), 3, NX);
        expect(() -> FloatOps.fcvtWS(f(-2.5f), RMM, fflags, 2), -3, NX);
        expect(() -> FloatOps.fcvtWS(f(-2.5f), RUP, fflags, 2), -2, NX);
        expect(() -> FloatOps.fcvtWS(f(-0.4f), RNE, fflags, 2), 0, NX);
        expect(() -> FloatOps.fcvtWS(f(7f), RUP, fflags, 2), 7, 0);
        expect(() -> FloatOps.fcvtWS(f(-3e9f), RTZ, fflags, 2), Integer.MIN_VALUE, NV);
        expect(() -> FloatOps.fcvtWS(f(3e9f), RTZ, fflags, 2), Integer.MAX_VALUE, NV);
        expect(() -> FloatOps.fcvtWS(f(-0x1p31f), RNE, fflags, 2), Integer.MIN_VALUE, 0);
        expect(() -> FloatOps.fcvtWS(f(0x1p31f), RNE, fflags, 2), Integer.MAX_VALUE, NV);
        expect(() -> FloatOps.fcvtWS(NINF, RNE, fflags, 2), Integer.MIN_VALUE, NV);
        expect(() -> FloatOps.fcvtWS(PINF, RNE, fflags, 2), Integer.MAX_VALUE, NV);
        expect(() -> FloatOps.fcvtWS(QNAN | N0, RNE, fflags, 2), Integer.MAX_VALUE, NV);
        expect(() -> FloatOps.fcvtWS(SNAN, RNE, fflags, 2), Integer.MAX_VALUE, NV);
        expect(() -> FloatOps.fcvtWS(N0, RNE, fflags, 2), 0, 0);
    }

    @Test
    void floatToUnsignedIntSaturates() {
        expect(() -> FloatOps.fcvtWuS(f(-0.5f), RTZ, fflags, 2), 0, NX);
        expect(() -> FloatOps.fcvtWuS(f(-0.5f), RNE, fflags, 2), 0, NX);
        expect(() -> FloatOps.fcvtWuS(f(-0.5f), RMM, fflags, 2), 0, NV);
        expect(() -> FloatOps.fcvtWuS(f(-0.5f), RDN, fflags, 2), 0, NV);
        expect(() -> FloatOps.fcvtWuS(f(-1f), RTZ, fflags, 2), 0, NV);
        expect(() -> FloatOps.fcvtWuS(N0, RNE, fflags, 2), 0, 0);
        expect(() -> FloatOps.fcvtWuS(f(3e9f), RNE, fflags, 2), (int) 3000000000L, 0);
        expect(() -> FloatOps.fcvtWuS(f(0x1p32f), RNE, fflags, 2), -1, NV);
        expect(() -> FloatOps.fcvtWuS(f(4294967040f), RNE, fflags, 2), (int) 4294967040L, 0);
        expect(() -> FloatOps.fcvtWuS(PINF, RNE, fflags, 2), -1, NV);
        expect(() -> FloatOps.fcvtWuS(NINF, RNE, fflags, 2), 0, NV);
        expect(() -> FloatOps.fcvtWuS(QNAN, RNE, fflags, 2), -1, NV);
        expect(() -> FloatOps.fcvtWuS(f(1.5f), RUP, fflags, 2), 2, NX);
    }

    @Test
    void intToFloatRounds() {
        expect(() -> FloatOps.fcvtSW(0, RDN, fflags, 2), P0, 0);
        expect(() -> FloatOps.fcvtSW(-7, RNE, fflags, 2), f(-7f), 0);
        expect(() -> FloatOps.fcvtSW(Integer.MIN_VALUE, RNE, fflags, 2), f(-0x1p31f), 0);
        expect(() -> FloatOps.fcvtSW(Integer.MAX_VALUE, RNE, fflags, 2), f(0x1p31f), NX);
        expect(() -> FloatOps.fcvtSW(Integer.MAX_VALUE, RTZ, fflags, 2), 0x4EFFFFFF, NX);
        expect(() -> FloatOps.fcvtSW(16777217, RNE, fflags, 2), f(16777216f), NX);
        expect(() -> FloatOps.fcvtSW(16777217, RMM, fflags, 2), f(16777218f), NX);
        expect(() -> FloatOps.fcvtSW(-16777217, RDN, fflags, 2), f(-16777218f), NX);
        expect(() -> FloatOps.fcvtSWu(-1, RNE, fflags, 2), f(0x1p32f), NX);
        expect(() -> FloatOps.fcvtSWu(-1, RTZ, fflags, 2), 0x4F7FFFFF, NX);
        expect(() -> FloatOps.fcvtSWu(Integer.MIN_VALUE, RNE, fflags, 2), f(0x1p31f), 0);
    }

    // ---- classify, sign injection, moves ----

    @Test
    void classifyEveryClass() {
        assertThat(FloatOps.fclassS(NINF)).isEqualTo(1);
        assertThat(FloatOps.fclassS(f(-1f))).isEqualTo(1 << 1);
        assertThat(FloatOps.fclassS(0x807FFFFF)).isEqualTo(1 << 2);
        assertThat(FloatOps.fclassS(N0)).isEqualTo(1 << 3);
        assertThat(FloatOps.fclassS(P0)).isEqualTo(1 << 4);
        assertThat(FloatOps.fclassS(MIN_SUB)).isEqualTo(1 << 5);
        assertThat(FloatOps.fclassS(MIN_NORMAL)).isEqualTo(1 << 6);
        assertThat(FloatOps.fclassS(MAX)).isEqualTo(1 << 6);
        assertThat(FloatOps.fclassS(PINF)).isEqualTo(1 << 7);
        assertThat(FloatOps.fclassS(SNAN)).isEqualTo(1 << 8);
        assertThat(FloatOps.fclassS(0xFFBFFFFF)).isEqualTo(1 << 8);
        assertThat(FloatOps.fclassS(QNAN)).isEqualTo(1 << 9);
        assertThat(FloatOps.fclassS(0xFFC00001)).isEqualTo(1 << 9);
    }

    @Test
    void signInjectionKeepsPayloadsAndRaisesNothing() {
        assertThat(FloatOps.fsgnjS(SNAN, N0)).isEqualTo(SNAN | N0);
        assertThat(FloatOps.fsgnjS(ONE | N0, P0)).isEqualTo(ONE);
        assertThat(FloatOps.fsgnjnS(ONE, ONE)).isEqualTo(ONE | N0);
        assertThat(FloatOps.fsgnjnS(ONE, N0)).isEqualTo(ONE);
        assertThat(FloatOps.fsgnjxS(ONE | N0, N0)).isEqualTo(ONE);
        assertThat(FloatOps.fsgnjxS(ONE | N0, P0)).isEqualTo(ONE | N0);
        assertThat(FloatOps.fmvXW(QNAN_NEG_PAYLOAD)).isEqualTo(QNAN_NEG_PAYLOAD);
        assertThat(FloatOps.fmvWX(SNAN)).isEqualTo(SNAN);
    }
}
