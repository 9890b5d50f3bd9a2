package org.rvsimt.isa;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.HashSet;
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
            if (d.operation() instanceof Operation.Vector || d.operation() instanceof Operation.Matrix) {
                continue;      // named by what the unit does (VectorArith.ADD for vadd.vv/.vx/.vi): see the next test
            }
            assertThat(candidates(d)).as(d.mnemonic() + " -> " + d.operation().label())
                    .contains(d.operation().name());
        }
    }

    /**
     * Vector and matrix declarations name the operation the mnemonic's stem says, and their source
     * operand is what the .vv/.vx/.vf/.vi suffix says (independent of the syntax strings it is derived from).
     */
    @Test
    void vectorDeclarationsNameTheirStemAndSuffix() {
        java.util.Map<String, String> stems = new java.util.HashMap<>();
        for (InstructionDef d : InstructionSet.all()) {
            if (!(d.operation() instanceof Operation.Vector)) {
                continue;
            }
            String m = d.mnemonic();
            String stem = m.substring(0, m.indexOf('.') < 0 ? m.length() : m.indexOf('.'));
            if (m.matches("v[a-z0-9]+\\.(vv|vx|vf|vi|vvm|vxm|vim|vfm)")) {
                String previous = stems.putIfAbsent(stem, d.operation().label());
                assertThat(previous == null ? d.operation().label() : previous).as(m).isEqualTo(d.operation().label());
                OperandSource expected = switch (m.substring(m.indexOf('.') + 1, m.indexOf('.') + 3)) {
                    case "vv" -> OperandSource.VECTOR;
                    case "vx" -> OperandSource.X;
                    case "vf" -> OperandSource.F;
                    default -> java.util.Set.of("vsll", "vsrl", "vsra", "vslideup", "vslidedown", "vrgather")
                            .contains(stem) ? OperandSource.UNSIGNED_IMMEDIATE : OperandSource.SIGNED_IMMEDIATE;
                };
                assertThat(d.source()).as(m).isEqualTo(expected);
            }
        }
        assertThat(stems).containsEntry("vadd", "VectorArith.ADD").containsEntry("vmsgtu", "VectorCompare.GTU")
                .containsEntry("vfnmsac", "VectorFpFused.NMSAC").containsEntry("vfmerge", "VectorPermute.MERGE");
        assertThat(InstructionSet.byMnemonic("vmv.v.i").operation()).isEqualTo(Operation.VectorPermute.MERGE);
        assertThat(InstructionSet.byMnemonic("vloxei16.v").operation())
                .isEqualTo(Operation.VectorMemory.LOAD_INDEXED_ORDERED);
        assertThat(InstructionSet.byMnemonic("msettileki").source()).isEqualTo(OperandSource.UNSIGNED_IMMEDIATE);
        assertThat(InstructionSet.byMnemonic("msettilek").source()).isEqualTo(OperandSource.X);
        assertThat(InstructionSet.byMnemonic("mmaccus.w.b").operation())
                .isEqualTo(Operation.MatrixIntMultiply.UNSIGNED_SIGNED);
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
        assertThat(Operation.all()).hasSizeGreaterThan(200);
        for (Operation op : Operation.all()) {
            assertThat(declared).as(op.label()).contains(op);
        }
        assertThat(EnumSet.complementOf(EnumSet.copyOf(forms))).containsExactly(Form.ILLEGAL);
    }
}
