package org.rvsimt.isa;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Walks the whole declaration table and checks that it is self-consistent. */
class InstructionTableTest {

    private final List<InstructionDef> all = InstructionSet.all();

    @Test
    void idsAreDenseAndInOrder() {
        for (int i = 0; i < all.size(); i++) {
            assertThat(all.get(i).id()).isEqualTo(i);
        }
    }

    @Test
    void noTwoPatternsOverlap() {
        // Two patterns overlap when some word matches both: they agree on every bit both fix.
        for (InstructionDef a : all) {
            for (InstructionDef b : all) {
                if (a.id() >= b.id()) {
                    continue;
                }
                int common = a.mask() & b.mask();
                assertThat((a.match() & common) != (b.match() & common))
                        .as("%s (%s) overlaps %s (%s)", a.mnemonic(), a.pattern(), b.mnemonic(), b.pattern())
                        .isTrue();
            }
        }
    }

    @Test
    void operandFieldsCoverExactlyTheFreeBits() {
        for (InstructionDef d : all) {
            int covered = d.ignoredMask();
            for (Field f : d.fields()) {
                assertThat(covered & f.bitMask()).as("%s: field %s overlaps another field", d.mnemonic(), f).isZero();
                covered |= f.bitMask();
            }
            assertThat(covered).as("%s: fields + ignored bits vs free bits of %s", d.mnemonic(), d.pattern())
                    .isEqualTo(~d.mask());
        }
    }

    @Test
    void matchHasNoBitsOutsideMask() {
        for (InstructionDef d : all) {
            assertThat(d.match() & ~d.mask()).as(d.mnemonic()).isZero();
        }
    }

    @Test
    void traceIdsAreUniqueAndSeedCompatible() {
        Set<Integer> seen = new HashSet<>();
        for (InstructionDef d : all) {
            assertThat(seen.add(d.traceId())).as("trace id %d of %s", d.traceId(), d.mnemonic()).isTrue();
        }
        // Spot checks against the seed's trace opcode table (docs/seed.md, "Trace records").
        assertThat(InstructionSet.byMnemonic("jal").traceId()).isEqualTo(1);
        assertThat(InstructionSet.byMnemonic("add").traceId()).isEqualTo(28);
        assertThat(InstructionSet.byMnemonic("csrrci").traceId()).isEqualTo(51);
        assertThat(InstructionSet.byMnemonic("fmadd.s").traceId()).isEqualTo(56);
        assertThat(InstructionSet.byMnemonic("fmv.w.x").traceId()).isEqualTo(79);
        assertThat(InstructionSet.byMnemonic("fcvt.e2m1.s").traceId()).isEqualTo(87);
        assertThat(InstructionSet.byMnemonic("fcos.s").traceId()).isEqualTo(95);
    }

    @Test
    void seedCustomWordsMatchTheReference() {
        // docs/seed.md, "Custom instructions": words with rd = rs1 = f0.
        int[][] expected = {
            {0x60000053, id("fexp.s")}, {0x60100053, id("fln.s")}, {0x60200053, id("frcp.s")},
            {0x60300053, id("frsqrt.s")}, {0x60400053, id("ftanh.s")}, {0x60500053, id("fsigmoid.s")},
            {0x60600053, id("fsin.s")}, {0x60700053, id("fcos.s")}, {0x4A000053, id("fcvt.s.bf16")},
            {0x4A100053, id("fcvt.bf16.s")}, {0x48000053, id("fcvt.s.e4m3")}, {0x48100053, id("fcvt.e4m3.s")},
            {0x48200053, id("fcvt.s.e5m2")}, {0x48300053, id("fcvt.e5m2.s")}, {0x4C000053, id("fcvt.s.e2m1")},
            {0x4C100053, id("fcvt.e2m1.s")}, {0x48108153, id("fcvt.e4m3.s")}, {0x600007D3, id("fexp.s")}};
        for (int[] e : expected) {
            assertThat(org.rvsimt.isa.decode.Decoder.decode(e[0])).as("0x%08x", e[0]).isEqualTo(e[1]);
        }
    }

    @Test
    void vortexWordsMatchTheReference() {
        // docs/kernel-abi.md, "Vortex SIMT instructions": words as GNU binutils 2.40 encodes them.
        Object[][] expected = {
            {0x0005000B, "vx_tmc"}, {0x00B5100B, "vx_wspawn"}, {0x0005A50B, "vx_split"}, {0x0015A50B, "vx_split_n"},
            {0x0005300B, "vx_join"}, {0x00B5400B, "vx_bar"}, {0x00B5500B, "vx_pred"}, {0x00B5508B, "vx_pred_n"},
            {0x0205850B, "vx_vote_all"}, {0x0205950B, "vx_vote_any"}, {0x0205A50B, "vx_vote_uni"},
            {0x0205B50B, "vx_vote_ballot"}, {0x02C5C50B, "vx_shfl_up"}, {0x02C5D50B, "vx_shfl_down"},
            {0x02C5E50B, "vx_shfl_bfly"}, {0x02C5F50B, "vx_shfl_idx"}};
        for (Object[] e : expected) {
            assertThat(org.rvsimt.isa.decode.Decoder.decode((Integer) e[0])).as("%s", e[1]).isEqualTo(id((String) e[1]));
        }
    }

    @Test
    void vectorAndMatrixDeclarationsFollowTheEngineContract() {
        for (InstructionDef d : all) {
            switch (d.extension()) {
                case V -> {
                    assertThat(d.operation()).isInstanceOf(Operation.Vector.class);
                    assertThat(d.traceId()).as(d.mnemonic()).isBetween(256, 767);
                    assertThat(d.kind().name()).as(d.mnemonic()).startsWith("VECTOR_");
                }
                case XMATRIX -> {
                    assertThat(d.operation()).isInstanceOf(Operation.Matrix.class);
                    assertThat(d.traceId()).as(d.mnemonic()).isBetween(768, 1023);
                    assertThat(d.kind().name()).as(d.mnemonic()).startsWith("MATRIX_");
                    assertThat(d.match() & 0x7F).as(d.mnemonic()).isEqualTo(0x2B); // custom-1
                }
                case XSFU -> {      // the SFU's vector forms are vector instructions, numbered with them
                    boolean vector = d.operation() instanceof Operation.Vector;
                    assertThat(d.traceId()).as(d.mnemonic()).isBetween(vector ? 256 : 0, vector ? 767 : 255);
                }
                default -> assertThat(d.traceId()).as(d.mnemonic()).isLessThan(256);
            }
        }
        // Stable ids: the first of each group is pinned, so a declaration inserted before it is noticed.
        assertThat(InstructionSet.byMnemonic("vsetvli").traceId()).isEqualTo(256);
        assertThat(InstructionSet.byMnemonic("mrelease").traceId()).isEqualTo(768);
        assertThat(Aliases.named("vl1r.v").get(0).base()).isSameAs(InstructionSet.byMnemonic("vl1re8.v"));
    }

    @Test
    void maskOperandIsAlwaysLastAndOptional() {
        for (InstructionDef d : all) {
            List<Slot> slots = d.slots();
            for (int i = 0; i < slots.size(); i++) {
                if (slots.get(i).isMask()) {
                    assertThat(i).as("%s: v0.t is the last operand", d.mnemonic()).isEqualTo(slots.size() - 1);
                    assertThat(d.syntax()).endsWith("[, v0.t]");
                }
            }
        }
    }

    @Test
    void everyExtensionIsDeclared() {
        for (Extension e : Extension.values()) {
            // C's instructions are 16-bit forms of these 32-bit ones, declared in CompressedInstructions
            boolean declared = e == Extension.C ? !CompressedInstructions.all().isEmpty()
                    : all.stream().anyMatch(d -> d.extension() == e);
            assertThat(declared).as(e.name()).isTrue();
        }
        assertThat(all.stream().filter(d -> d.extension() == Extension.A)).hasSize(11);
        assertThat(all.stream().filter(d -> d.extension() == Extension.ZICSR)).hasSize(6);
        assertThat(all.stream().filter(d -> d.extension() == Extension.M)).hasSize(8);
        assertThat(all.stream().filter(d -> d.extension() == Extension.F)).hasSize(26);
        assertThat(all.stream().filter(d -> d.extension() == Extension.XSFU)).hasSize(16);
        assertThat(all.stream().filter(d -> d.extension() == Extension.XLOWP)).hasSize(8);
        assertThat(all.stream().filter(d -> d.extension() == Extension.V)).hasSize(230);
        assertThat(all.stream().filter(d -> d.extension() == Extension.XMATRIX)).hasSize(37);
    }

    private static int id(String mnemonic) {
        return InstructionSet.byMnemonic(mnemonic).id();
    }
}
