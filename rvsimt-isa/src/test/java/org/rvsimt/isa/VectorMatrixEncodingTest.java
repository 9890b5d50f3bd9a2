package org.rvsimt.isa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rvsimt.isa.asm.AsmException;
import org.rvsimt.isa.asm.Assembler;
import org.rvsimt.isa.decode.Decoder;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * Vector and matrix words against independent references: the words listed in
 * the RVV 1.0 specification (words checked against GNU binutils 2.40),
 * the XuanTie example word 0x08180A2B, and matrix words built here field by field from the
 * {@code instruction_list.adoc} tables (with the documented uop = 10 for multiplies).
 */
class VectorMatrixEncodingTest {

    @Test
    void rvvWordsMatchTheReferenceDocument() throws AsmException {
        Object[][] cases = {
            {"vsetvli t0, a0, e32, m1, ta, ma", 0x0D0572D7}, {"vsetivli t0, 8, e32, m1, ta, ma", 0xCD0472D7},
            {"vsetvl t0, a0, a1", 0x80B572D7}, {"vle32.v v1, (a1)", 0x0205E087}, {"vle32.v v1, (a1), v0.t", 0x0005E087},
            {"vse32.v v1, (a2)", 0x020660A7}, {"vlse32.v v1, (a1), t1", 0x0A65E087}, {"vsse32.v v1, (a2), t1", 0x0A6660A7},
            {"vluxei32.v v1, (a1), v2", 0x0625E087}, {"vsuxei32.v v1, (a1), v2", 0x0625E0A7},
            {"vle8.v v1, (a1)", 0x02058087}, {"vle16.v v1, (a1)", 0x0205D087},
            {"vfadd.vv v3, v1, v2", 0x021111D7}, {"vfadd.vf v3, v1, fa0", 0x021551D7}, {"vfsub.vv v3, v1, v2", 0x0A1111D7},
            {"vfrsub.vf v3, v1, fa0", 0x9E1551D7}, {"vfmul.vv v3, v1, v2", 0x921111D7}, {"vfmul.vf v3, v1, fa0", 0x921551D7},
            {"vfdiv.vv v3, v1, v2", 0x821111D7}, {"vfrdiv.vf v3, v1, fa0", 0x861551D7},
            {"vfmin.vv v3, v1, v2", 0x121111D7}, {"vfmax.vv v3, v1, v2", 0x1A1111D7},
            {"vfsgnj.vv v3, v1, v2", 0x221111D7}, {"vfsgnjn.vv v3, v1, v2", 0x261111D7},
            {"vfsgnjx.vv v3, v1, v2", 0x2A1111D7}, {"vfmacc.vv v3, v1, v2", 0xB22091D7},
            {"vfmacc.vf v3, fa0, v2", 0xB22551D7}, {"vfnmacc.vv v3, v1, v2", 0xB62091D7},
            {"vfmsac.vv v3, v1, v2", 0xBA2091D7}, {"vfnmsac.vv v3, v1, v2", 0xBE2091D7},
            {"vfmadd.vv v3, v1, v2", 0xA22091D7}, {"vfredusum.vs v3, v1, v2", 0x061111D7},
            {"vfredosum.vs v3, v1, v2", 0x0E1111D7}, {"vfredmin.vs v3, v1, v2", 0x161111D7},
            {"vfredmax.vs v3, v1, v2", 0x1E1111D7}, {"vfsqrt.v v3, v1", 0x4E1011D7}, {"vfclass.v v3, v1", 0x4E1811D7},
            {"vfcvt.xu.f.v v3, v1", 0x4A1011D7}, {"vfcvt.x.f.v v3, v1", 0x4A1091D7},
            {"vfcvt.f.xu.v v3, v1", 0x4A1111D7}, {"vfcvt.f.x.v v3, v1", 0x4A1191D7},
            {"vfcvt.rtz.x.f.v v3, v1", 0x4A1391D7}, {"vmfeq.vv v0, v1, v2", 0x62111057},
            {"vmfle.vv v0, v1, v2", 0x66111057}, {"vmflt.vv v0, v1, v2", 0x6E111057},
            {"vfmv.v.f v3, fa0", 0x5E0551D7}, {"vfmerge.vfm v3, v1, fa0, v0", 0x5C1551D7},
            {"vfmv.f.s fa0, v1", 0x42101557}, {"vfmv.s.f v1, fa0", 0x420550D7},
            {"vadd.vv v3, v1, v2", 0x021101D7}, {"vadd.vx v3, v1, a0", 0x021541D7}, {"vadd.vi v3, v1, 5", 0x0212B1D7},
            {"vsub.vv v3, v1, v2", 0x0A1101D7}, {"vand.vv v3, v1, v2", 0x261101D7}, {"vor.vv v3, v1, v2", 0x2A1101D7},
            {"vxor.vv v3, v1, v2", 0x2E1101D7}, {"vsll.vv v3, v1, v2", 0x961101D7}, {"vsrl.vv v3, v1, v2", 0xA21101D7},
            {"vsra.vv v3, v1, v2", 0xA61101D7}, {"vmin.vv v3, v1, v2", 0x161101D7}, {"vmax.vv v3, v1, v2", 0x1E1101D7},
            {"vmseq.vv v0, v1, v2", 0x62110057}, {"vmslt.vv v0, v1, v2", 0x6E110057},
            {"vmul.vv v3, v1, v2", 0x961121D7}, {"vmul.vx v3, v1, a0", 0x961561D7}, {"vmacc.vv v3, v1, v2", 0xB620A1D7},
            {"vdiv.vv v3, v1, v2", 0x861121D7}, {"vrem.vv v3, v1, v2", 0x8E1121D7}, {"vredsum.vs v3, v1, v2", 0x021121D7},
            {"vmv.v.x v3, a0", 0x5E0541D7}, {"vmerge.vvm v3, v1, v2, v0", 0x5C1101D7}, {"vmv.x.s a0, v1", 0x42102557},
            {"vid.v v3", 0x5208A1D7}, {"vslideup.vx v3, v1, a0", 0x3A1541D7}, {"vslidedown.vx v3, v1, a0", 0x3E1541D7},
            {"vrgather.vv v3, v1, v2", 0x321101D7}, {"vmv1r.v v3, v1", 0x9E1031D7},
            {"csrr a0, vl", 0xC2002573}, {"csrr a0, vtype", 0xC2102573}, {"csrr a0, vlenb", 0xC2202573}};
        for (Object[] c : cases) {
            assertThat(Assembler.assembleLine((String) c[0], 0)).as((String) c[0]).containsExactly((Integer) c[1]);
        }
    }

    @Test
    void mfmaccUsesTheCollisionFreeUopAndTheReferenceWord() throws AsmException {
        assertThat(Assembler.assembleLine("mfmacc.s acc0, tr1, tr0", 0)).containsExactly(0x08180A2B);
        assertThat(Disassembler.listing().format(0x08180A2B, 0)).isEqualTo("mfmacc.s acc0, tr1, tr0");
        // The instruction list's reading (uop = 01) gives 0x04180A2B, a load/store-group word: func4 0000,
        // inst[25] = 0 (load), d_size = 10, md = 100 = acc0, i.e. mlae32 into an accumulator, which the
        // declarations reject (A loads go to tiles); with md = tr0 it is mlae32.
        assertThat(Decoder.lookup(0x04180A2B)).isNull();
        assertThat(Decoder.lookup(0x04180A2B & ~0x200)).extracting(InstructionDef::mnemonic).isEqualTo("mlae32");
    }

    @Test
    void matrixWordsFollowTheFieldTables() throws AsmException {
        // name, func4, uop, size_sup, s_size (ms2 = tr2, ms1 = tr3, md = acc1)
        Object[][] mm = {{"mfmacc.s", 0, 2, 0, 2}, {"mfmacc.s.bf16", 0, 2, 1, 1}, {"mfmacc.s.e4", 0, 2, 1, 0},
            {"mfmacc.s.e5", 0, 2, 0, 0}, {"mmacc.w.b", 1, 2, 3, 0}, {"mmaccu.w.b", 1, 2, 0, 0},
            {"mmaccus.w.b", 1, 2, 1, 0}, {"mmaccsu.w.b", 1, 2, 2, 0}};
        for (Object[] c : mm) {
            int w = (int) c[1] << 28 | (int) c[2] << 26 | (int) c[3] << 23 | 2 << 20 | (int) c[4] << 18 | 3 << 15
                    | 0b10 << 10 | 0b101 << 7 | 0x2B;
            String text = c[0] + " acc1, tr2, tr3";
            assertThat(Assembler.assembleLine(text, 0)).as(text).containsExactly(w);
            assertThat(Disassembler.listing().format(w, 0)).isEqualTo(text);
        }
        // loads/stores: func4 (A 0, B 1, C 2) | uop 01 | ls | rs2 | rs1 | 000 | d_size | md | 0x2B
        String[] mats = {"a", "b", "c"};
        String[] sizes = {"8", "16", "32"};
        for (int m = 0; m < 3; m++) {
            for (int s = 0; s < 3; s++) {
                for (int ls = 0; ls < 2; ls++) {
                    String reg = m == 2 ? "acc2" : "tr2";
                    int md = m == 2 ? 0b110 : 0b010;
                    String text = (ls == 0 ? "ml" : "ms") + mats[m] + "e" + sizes[s] + " " + reg + ", (a0), a1";
                    int w = m << 28 | 1 << 26 | ls << 25 | 11 << 20 | 10 << 15 | s << 10 | md << 7 | 0x2B;
                    assertThat(Assembler.assembleLine(text, 0)).as(text).containsExactly(w);
                    assertThat(Disassembler.listing().format(w, 0)).isEqualTo(text);
                }
            }
        }
        // configuration: func4 (k 1, m 2, n 3) | uop 00 | bit 25 (1 = rs1) | [24:15] uimm10 or 00000 rs1 | 0x2B
        String[] dims = {"k", "m", "n"};
        for (int d = 0; d < 3; d++) {
            int reg = (d + 1) << 28 | 1 << 25 | 12 << 15 | 0x2B;
            int imm = (d + 1) << 28 | 1023 << 15 | 0x2B;
            assertThat(Assembler.assembleLine("msettile" + dims[d] + " a2", 0)).containsExactly(reg);
            assertThat(Assembler.assembleLine("msettile" + dims[d] + "i 1023", 0)).containsExactly(imm);
        }
        assertThat(Assembler.assembleLine("mrelease", 0)).containsExactly(0x2B);
        // mzero: func4 0000, uop 11, uimm3 = 0, md any register
        assertThat(Assembler.assembleLine("mzero tr1", 0)).containsExactly(3 << 26 | 1 << 7 | 0x2B);
        assertThat(Assembler.assembleLine("mzero acc3", 0)).containsExactly(3 << 26 | 7 << 7 | 0x2B);
    }

    @Test
    void matrixRegisterClassesAreChecked() {
        assertThatThrownBy(() -> Assembler.assembleLine("mfmacc.s tr0, tr1, tr2", 0))
                .hasMessageContaining("expected an accumulator register acc0-acc3, got 'tr0'");
        assertThatThrownBy(() -> Assembler.assembleLine("mfmacc.s acc0, acc1, tr2", 0))
                .hasMessageContaining("expected a tile register tr0-tr3, got 'acc1'");
        assertThatThrownBy(() -> Assembler.assembleLine("mlae32 acc0, (a0), a1", 0))
                .hasMessageContaining("expected a tile register");
        assertThatThrownBy(() -> Assembler.assembleLine("mzero tr4", 0))
                .hasMessageContaining("expected a matrix register tr0-tr3 or acc0-acc3, got 'tr4'");
        // a multiply word whose md is a tile (inst[9] = 0) is illegal
        assertThat(Decoder.lookup(0x08180A2B & ~0x200)).isNull();
    }

    @Test
    void vtypeSpellingsAndGnuAsDefaults() throws AsmException {
        // GNU as accepts the short forms llvm-mc 19 rejects: LMUL defaults to m1, policies to tu, mu.
        String[][] cases = {{"e32", "0x010"}, {"e8, m2", "0x001"}, {"e16, mf4, ta", "0x04e"}, {"e32, m1, tu, ma", "0x090"},
            {"e8, mf8, ta, ma", "0x0c5"}, {"E32, M8, TA, MU", "0x053"}};
        for (String[] c : cases) {
            int a = Assembler.assembleLine("vsetvli a0, a1, " + c[0], 0)[0];
            int b = Assembler.assembleLine("vsetvli a0, a1, " + c[1], 0)[0];
            assertThat(a).as(c[0]).isEqualTo(b);
        }
        assertThat(VectorType.format(0x0D0)).isEqualTo("e32, m1, ta, ma");
        assertThat(VectorType.format(0x004)).isEqualTo("4"); // vlmul 100 is reserved: printed as a number
        assertThat(VectorType.format(0x100)).isEqualTo("256"); // reserved bit 8
        assertThat(VectorType.parse(List.of("e16", "mf2"))).isEqualTo(0x00F);
        assertThat(Disassembler.listing().format(Assembler.assembleLine("vsetvli a0, a1, 0x100", 0)[0], 0))
                .isEqualTo("vsetvli a0, a1, 256");
    }

    @Test
    void csrNamesForVectorAndMatrixState() throws AsmException {
        Object[][] csrs = {{"vstart", 0x008}, {"vxsat", 0x009}, {"vxrm", 0x00A}, {"vcsr", 0x00F}, {"vl", 0xC20},
            {"vtype", 0xC21}, {"vlenb", 0xC22}, {"xmcsr", 0x802}, {"mtilem", 0x803}, {"mtilen", 0x804},
            {"mtilek", 0x805}, {"xmxrm", 0x806}, {"xmsat", 0x807}, {"xmfflags", 0x808}, {"xmfrm", 0x809},
            {"xmsaten", 0x80A}, {"xmisa", 0xCF0}, {"xtlenb", 0xCF1}, {"xtrlenb", 0xCF2}, {"xalenb", 0xCF3}};
        for (Object[] c : csrs) {
            int w = Assembler.assembleLine("csrr a0, " + c[0], 0)[0];
            assertThat(w >>> 20).as((String) c[0]).isEqualTo((Integer) c[1]);
            assertThat(Disassembler.listing().format(w, 0)).isEqualTo("csrr a0, " + c[0]);
        }
        // the native ABI keeps 0xCC0-0xCC3
        assertThat(Csrs.name(0xCC0)).isEqualTo("vx_lane_id");
        assertThat(Csrs.isStandardName(Csrs.VL)).isTrue();
        assertThat(Csrs.isStandardName(Csrs.MTILEM)).isFalse();
    }
}
