package org.rvsimt.isa.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.Operation;
import org.rvsimt.isa.Operation.Alu;

/**
 * The interpreter's switch over {@link Alu} (IntOps.apply) and the method each constant names
 * ({@link Alu#semantics()}, what the JIT calls) are two spellings of one mapping: they must agree.
 * What the methods compute is checked elsewhere against independent references (qemu-riscv32,
 * the bit-manipulation self-check's spec pseudo-code).
 */
class IntOpsDispatchTest {

    private static final int[] SPECIAL = {0, 1, -1, 2, 31, 32, 33, 0x80000000, 0x7FFFFFFF, 0xFFFF, 0x12345678};

    @Test
    void theInterpretersSwitchCallsTheMethodEachOperationNames() {
        Random random = new Random(12);
        for (Alu op : Alu.values()) {
            IntBinary method = op.semantics();
            for (int a : SPECIAL) {
                for (int b : SPECIAL) {
                    assertThat(IntOps.apply(op, a, b)).as("%s(%d, %d)", op, a, b).isEqualTo(method.apply(a, b));
                }
            }
            for (int k = 0; k < 200; k++) {
                int a = random.nextInt();
                int b = random.nextInt();
                assertThat(IntOps.apply(op, a, b)).as("%s(%d, %d)", op, a, b).isEqualTo(method.apply(a, b));
            }
        }
    }

    @Test
    void anOperationDeclaredByItsMethodIsNamedAfterItsMnemonic() {
        Operation op = InstructionSet.byMnemonic("czero.eqz").operation();
        assertThat(op).isInstanceOf(Operation.AluFunction.class);
        assertThat(op.label()).isEqualTo("Alu.CZERO_EQZ");
        assertThat(InstructionSet.byMnemonic("czero.eqz").form()).isEqualTo(org.rvsimt.isa.Form.ALU_RR);
        assertThat(Operation.all()).contains(op, InstructionSet.byMnemonic("czero.nez").operation());
        assertThat(((Operation.AluFunction) op).semantics().apply(7, 0)).isZero();
    }
}
