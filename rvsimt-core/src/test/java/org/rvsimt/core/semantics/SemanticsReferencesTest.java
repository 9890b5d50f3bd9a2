package org.rvsimt.core.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;

/**
 * Every declaration's semantics reference names a public static method of this package. Vector and
 * matrix references ({@code "Vector.vadd.vv"}, {@code "Matrix.mfmacc.s"}) are mnemonics, which the
 * Predecoder sends to Form.VECTOR / Form.MATRIX; the vector and matrix units map them by name.
 */
class SemanticsReferencesTest {
    @Test
    void everySemanticsReferenceResolves() throws Exception {
        for (InstructionDef d : InstructionSet.all()) {
            String sem = d.semantics();
            if (sem.startsWith("Vector.") || sem.startsWith("Matrix.")) {
                continue;
            }
            int dot = sem.indexOf('.');
            Class<?> owner = Class.forName("org.rvsimt.core.semantics." + sem.substring(0, dot));
            String method = sem.substring(dot + 1);
            boolean found = Arrays.stream(owner.getMethods()).map(Method::getName).anyMatch(method::equals);
            assertThat(found).as("%s: %s", d.mnemonic(), sem).isTrue();
            Method m = Arrays.stream(owner.getMethods()).filter(x -> x.getName().equals(method)).findFirst().orElseThrow();
            assertThat(Modifier.isStatic(m.getModifiers())).as("%s is static", sem).isTrue();
        }
    }
}
