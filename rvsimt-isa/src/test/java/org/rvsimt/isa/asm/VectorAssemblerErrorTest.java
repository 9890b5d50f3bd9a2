package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Vector and matrix syntax errors name file:line:column and say what is wrong, on one line. */
class VectorAssemblerErrorTest {

    private static void fails(String line, String message) {
        assertThatThrownBy(() -> Assembler.assemble("nop\n" + line + "\n", "v.S", AsmOptions.defaults()))
                .isInstanceOf(AsmException.class).hasMessage("v.S:2:" + message);
    }

    @Test
    void registersAndMasks() {
        fails("vadd.vv v1, v2, v32", "17: unknown register 'v32'");
        fails("vadd.vv v1, v2, a0", "17: expected a vector register, got 'a0'");
        fails("vadd.vx v1, v2, v3", "17: expected an integer register, got 'v3'");
        fails("vfadd.vf v1, v2, a0", "18: expected a floating-point register, got 'a0'");
        fails("vadd.vv v1, v2, v3, v1.t", "21: expected the mask operand 'v0.t' or nothing, got 'v1.t'");
        fails("vmerge.vvm v1, v2, v3, v1", "24: expected 'v0' here, got 'v1'");
        fails("vmv.v.i v1, v2", "13: expected an immediate, got register 'v2'");
    }

    @Test
    void operandCounts() {
        fails("vadd.vv v1, v2", "1: wrong number of operands (expected 3 or 4: vd, vs2, vs1[, v0.t])");
        fails("vadd.vv v1, v2, v3, v0.t, v4", "27: wrong number of operands (expected 3 or 4: vd, vs2, vs1[, v0.t])");
        fails("vmerge.vvm v1, v2, v3", "1: wrong number of operands (expected 4: vd, vs2, vs1, v0)");
        fails("vlm.v v1, (a0), v0.t", "17: wrong number of operands (expected 2: vd, (rs1))");
        fails("vsetvli a0, a1", "1: wrong number of operands (expected rd, rs1, vtypei, with the vtype written like"
                + " 'e32, m1, ta, ma')");
        fails("vmsgt.vv v1, v2", "1: wrong number of operands (expected 3 or 4: vd, vs1, vs2[, v0.t])");
        fails("mfmacc.s acc0, tr1", "1: wrong number of operands (expected 3: md, ms2, ms1)");
    }

    @Test
    void immediatesAndVtype() {
        fails("vadd.vi v1, v2, 16", "17: immediate 16 out of range [-16, 15]");
        fails("vsll.vi v1, v2, -1", "17: immediate -1 out of range [0, 31]");
        fails("vsetivli a0, 32, e32, m1, ta, ma", "14: immediate 32 out of range [0, 31]");
        fails("vsetvli a0, a1, 2048", "17: immediate 2048 out of range [0, 2047]");
        fails("vsetvli a0, a1, e33, m1, ta, ma", "17: bad element width 'e33' (expected e8, e16, e32 or e64)");
        fails("vsetvli a0, a1, e32, m3", "22: bad LMUL 'm3' (expected m1, m2, m4, m8, mf2, mf4 or mf8)");
        fails("vsetvli a0, a1, e32, ma, ta",
                "26: unexpected 'ta' in vtype (expected e<sew>[, m<lmul>][, ta|tu][, ma|mu] in that order)");
        fails("vsetvli a0, a1, e32, m1, 5", "26: bad vtype '5' (expected e.g. 'e32, m1, ta, ma')");
        fails("vle32.v v1, 4(a0)", "13: this instruction takes no offset, only '(register)'");
        fails("msettilemi 1024", "12: immediate 1024 out of range [0, 1023]");
    }

    @Test
    void matrixRegisters() {
        fails("mfmacc.s tr0, tr1, tr2", "10: expected an accumulator register acc0-acc3, got 'tr0'");
        fails("mmacc.w.b acc0, acc1, tr2", "17: expected a tile register tr0-tr3, got 'acc1'");
        fails("mlce32 tr0, (a0), a1", "8: expected an accumulator register acc0-acc3, got 'tr0'");
        fails("mzero v1", "7: expected a matrix register tr0-tr3 or acc0-acc3, got 'v1'");
    }
}
