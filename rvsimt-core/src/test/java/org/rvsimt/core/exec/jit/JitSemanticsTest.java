package org.rvsimt.core.exec.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.rvsimt.isa.Form;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.Operation;

/**
 * The JIT's operation-to-method map: it loads (its initialiser resolves every reference), every
 * declared instruction whose compiled form calls a semantic method has one, and each target is a
 * public static method of that exact descriptor, callable from a generated block.
 */
class JitSemanticsTest {

    /** The forms whose compiled lane loop calls the operation's semantic method. */
    private static boolean calls(Form form) {
        return switch (form) {
            case ALU_RR, ALU_RI, BRANCH, FP_RR, FP_SQRT, FP_FMA, FP_SGNJ, FP_MINMAX, FP_CMP, FP_CLASS, FCVT_W_S,
                 FCVT_S_W, FMV_X_W, FMV_W_X, LOWP_TO_F, LOWP_FROM_F, SFU -> true;
            default -> false;
        };
    }

    @Test
    void everyCompiledCallHasAPublicStaticTarget() throws Exception {
        int checked = 0;
        for (InstructionDef d : InstructionSet.all()) {
            if (!calls(d.form())) {
                continue;
            }
            for (boolean fast : new boolean[] {false, true}) {
                JitSemantics.Target t = JitSemantics.of(d.operation(), fast);
                Class<?> owner = Class.forName(t.owner().descriptorString().substring(1).replace(';', ' ').trim()
                        .replace('/', '.'));
                Method m = Arrays.stream(owner.getMethods())
                        .filter(x -> x.getName().equals(t.name())
                                && x.toString().contains("(") && descriptor(x).equals(t.type().descriptorString()))
                        .findFirst().orElseThrow(() -> new AssertionError(d.mnemonic() + ": no " + t));
                assertThat(Modifier.isStatic(m.getModifiers())).as(d.mnemonic()).isTrue();
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(100);
    }

    @Test
    void operationsWithoutACallAreNotMapped() {
        assertThat(JitSemantics.mapped()).doesNotContain(Operation.Standalone.LUI, Operation.Load.LW,
                Operation.VectorArith.ADD, Operation.MatrixZero.ZERO);
        assertThat(JitSemantics.mapped()).contains(Operation.Alu.ADD, Operation.SpecialFunction.FCOS);
    }

    private static String descriptor(Method m) {
        StringBuilder sb = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            sb.append(p.descriptorString());
        }
        return sb.append(')').append(m.getReturnType().descriptorString()).toString();
    }
}
