package org.rvsimt.isa;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Each declaration names the operation its mnemonic says, and every operation is declared. */
class OperationTest {

    /**
     * The names an operation of {@code d} may have: the mnemonic in upper case with '.' as '_', less
     * the parts the operation's family implies (the .s of F, the .w and amo of A, Vortex's prefixes,
     * the i of an immediate ALU form).
     */
    private static Set<String> candidates(InstructionDef d) {
        String c = d.mnemonic().toUpperCase(Locale.ROOT).replace('.', '_');
        Set<String> out = new HashSet<>();
        out.add(c);
        out.add(c.replaceFirst("_S$", ""));
        out.add(c.replaceFirst("_W$", ""));
        out.add(c.replaceFirst("^AMO", "").replaceFirst("_W$", ""));
        out.add(c.replaceFirst("^VX_(VOTE_|SHFL_)?", ""));
        if (d.form() == Form.ALU_RI) {
            out.add(c.replace("I", ""));
            out.add(c.replaceFirst("I$", "")); // bseti, binvi: only the immediate's I

        }
        return out;
    }

    @Test
    void everyScalarDeclarationNamesTheOperationOfItsMnemonic() {
        for (InstructionDef d : InstructionSet.all()) {
            if (d.operation() instanceof Operation.Unit) {
                continue;
            }
            assertThat(candidates(d)).as(d.mnemonic() + " -> " + d.operation().label())
                    .contains(d.operation().name());
        }
    }

    @Test
    void immediateAluFormsReadTheImmediate() {
        assertThat(InstructionSet.byMnemonic("addi").form()).isEqualTo(Form.ALU_RI);
        assertThat(InstructionSet.byMnemonic("srai").form()).isEqualTo(Form.ALU_RI);
        assertThat(InstructionSet.byMnemonic("add").form()).isEqualTo(Form.ALU_RR);
        assertThat(InstructionSet.byMnemonic("vx_split_n").form()).isEqualTo(Form.SPLIT);
    }

    @Test
    void everyOperationIsDeclaredAndEveryFormButIllegalIsUsed() {
        Set<Operation> declared = new HashSet<>();
        Set<Form> forms = EnumSet.noneOf(Form.class);
        for (InstructionDef d : InstructionSet.all()) {
            declared.add(d.operation());
            forms.add(d.form());
        }
        List<Class<?>> families = List.of(Operation.class.getPermittedSubclasses());
        for (Class<?> family : families) {
            for (Object constant : family.getEnumConstants()) {
                assertThat(declared).as(family.getSimpleName()).contains((Operation) constant);
            }
        }
        assertThat(EnumSet.complementOf(EnumSet.copyOf(forms))).containsExactly(Form.ILLEGAL);
    }
}
