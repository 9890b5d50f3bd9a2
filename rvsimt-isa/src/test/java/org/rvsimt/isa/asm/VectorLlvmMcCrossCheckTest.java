package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.Extension;
import org.rvsimt.isa.Field;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.Slot;
import org.rvsimt.isa.decode.Decoder;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * Every RVV declaration, with several operand sets, masked and unmasked, encodes exactly as
 * {@code llvm-mc -mattr=+v} encodes it (one llvm-mc run for all lines); the vector pseudo-instructions
 * and CSR names too. llvm-mc's words are then decoded by rvsimt, and rvsimt's listing of each word is
 * compared with {@code llvm-objdump}'s text of the same object.
 *
 * <p>Operand sets use distinct registers and vd != v0, because llvm-mc rejects the overlaps the spec
 * reserves (a masked vd = v0, a slide or gather whose vd overlaps a source); whole-register forms use
 * register numbers aligned to 8, as their register groups require.
 */
class VectorLlvmMcCrossCheckTest {

    private static final Pattern HEX = Pattern.compile("(-?)0x([0-9a-f]+)");

    /** One operand set: vector registers vd/vs2/vs1, x registers rd/rs1/rs2, f registers, immediates, vtype. */
    private record Operands(String vd, String vs2, String vs1, String rd, String rs1, String rs2, String fd, String fs1,
                            String simm5, String uimm5, String vtype) { }

    private static final List<Operands> SETS = List.of(
            new Operands("v3", "v1", "v2", "t0", "a0", "a1", "fa0", "fa1", "5", "7", "e32, m1, ta, ma"),
            new Operands("v8", "v16", "v24", "s11", "t6", "sp", "ft0", "fs11", "-16", "31", "e8, mf2, tu, mu"),
            new Operands("v31", "v30", "v29", "zero", "ra", "t1", "fs0", "ft11", "15", "0", "e16, m4, ta, mu"),
            new Operands("v4", "v12", "v20", "a5", "zero", "zero", "ft7", "fa7", "-1", "1", "e32, m8, tu, mu"));

    /** Register groups of whole-register instructions must be aligned to their size (8 covers all). */
    private static final Operands ALIGNED =
            new Operands("v8", "v16", "v24", "a0", "a1", "a2", "fa0", "fa1", "0", "0", "e32, m1, ta, ma");

    @TempDir
    Path dir;

    @Test
    void vectorInstructionsEncodeAndPrintAsLlvm() throws Exception {
        Path mc = LlvmMcCrossCheckTest.llvmMc();
        Assumptions.assumeTrue(mc != null, "llvm-mc not found: install Debian package llvm");
        List<String> texts = new ArrayList<>();
        int declarations = 0;
        for (InstructionDef def : InstructionSet.all()) {
            if (def.extension() != Extension.V) {
                continue;
            }
            declarations++;
            boolean whole = def.mnemonic().matches("v(l[1248]re\\d+|s[1248]r|mv[1248]r)\\.v");
            for (Operands set : whole ? List.of(ALIGNED) : SETS) {
                texts.add(text(def, set, false));
                if (def.slots().stream().anyMatch(Slot::isMask)) {
                    texts.add(text(def, set, true));
                }
            }
        }
        assertThat(declarations).isGreaterThan(200);
        texts.addAll(pseudosAndCsrs());

        Map<Integer, Integer> llvm = new LinkedHashMap<>();
        List<String> problems = runLlvm(mc, texts, llvm);
        for (int i = 0; i < texts.size(); i++) {
            String t = texts.get(i);
            int[] ours = AsmTestSupport.assembleOrNote(t, problems);
            if (ours == null) {
                continue;
            }
            Integer theirs = llvm.get(i);
            if (theirs == null) {
                continue; // reported from llvm-mc's stderr
            }
            if (ours.length != 1 || ours[0] != theirs) {
                problems.add(t + ": rvsimt " + AsmTestSupport.hex(ours) + ", llvm-mc " + String.format("0x%08x", theirs));
            }
            if (Decoder.lookup(theirs) == null) {
                problems.add(t + String.format(": rvsimt cannot decode llvm-mc's word 0x%08x", theirs));
            }
        }
        problems.addAll(compareListings(mc, texts, llvm));
        System.out.printf("RVV llvm-mc cross-check: %d lines, %d declarations, against %s%n", texts.size(),
                declarations, mc);
        assertThat(llvm).as("lines llvm-mc encoded").hasSize(texts.size());
        assertThat(problems).isEmpty();
    }

    /** The listing style prints what llvm-objdump prints for every word (numbers compared by value). */
    private List<String> compareListings(Path mc, List<String> texts, Map<Integer, Integer> llvm) throws Exception {
        Path objdump = LlvmListing.objdump();
        List<String> problems = new ArrayList<>();
        if (objdump == null) {
            return problems;
        }
        List<LlvmListing.Line> lines = LlvmListing.of(mc, objdump, dir.resolve("plain.s"), texts, "+m,+a,+f,+v");
        for (LlvmListing.Line l : lines) {
            int w = l.word();
            String theirs = normalise(l.text());
            String ours = normalise(Disassembler.listing().format(w, 0));
            if (!ours.equals(theirs)) {
                problems.add(String.format("0x%08x: rvsimt lists '%s', llvm-objdump '%s'", w, ours, theirs));
            }
        }
        assertThat(lines).as("objdump lines").hasSize(texts.size());
        return problems;
    }

    /** Whitespace collapsed, hex numbers as decimal (llvm-objdump prints immediates in hex). */
    static String normalise(String text) {
        String t = text.trim().replaceAll("\\s+", " ").replace(" ,", ",");
        Matcher m = HEX.matcher(t);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            long v = Long.parseLong(m.group(2), 16);
            m.appendReplacement(sb, (m.group(1).isEmpty() ? "" : "-") + v);
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** The instruction written with one operand set (every slot from the set, by field). */
    private static String text(InstructionDef def, Operands o, boolean masked) {
        return def.mnemonic() + def.operands(f -> operand(f, o), masked ? ", v0.t" : "");
    }

    private static String operand(Field f, Operands o) {
        return switch (f) {
            case VD, VS3 -> o.vd();
            case VS2 -> o.vs2();
            case VS1 -> o.vs1();
            case RD -> o.rd();
            case RS1 -> o.rs1();
            case RS2 -> o.rs2();
            case FD -> o.fd();
            case FS1 -> o.fs1();
            case SIMM5 -> o.simm5();
            case UIMM5 -> o.uimm5();
            case VTYPEI10, VTYPEI11 -> o.vtype();
            default -> throw new IllegalStateException("no operand for " + f);
        };
    }

    private static List<String> pseudosAndCsrs() {
        List<String> p = new ArrayList<>(List.of(
                "vmmv.m v1, v2", "vmnot.m v3, v4", "vmclr.m v5", "vmset.m v6",
                "vneg.v v1, v2", "vneg.v v1, v2, v0.t", "vnot.v v3, v4", "vnot.v v3, v4, v0.t",
                "vfneg.v v1, v2", "vfneg.v v1, v2, v0.t", "vfabs.v v3, v4", "vfabs.v v3, v4, v0.t",
                "vmsgt.vv v1, v2, v3", "vmsgtu.vv v1, v2, v3, v0.t", "vmsge.vv v4, v5, v6", "vmsgeu.vv v4, v5, v6",
                "vmfgt.vv v1, v2, v3", "vmfge.vv v1, v2, v3, v0.t",
                "vl1r.v v1, (a0)", "vl2r.v v2, (a0)", "vl4r.v v4, (a0)", "vl8r.v v8, (a0)",
                "vle32.v v1, 0(a1)", "vsetvli a0, zero, e32, m1, tu, ma", "vsetivli a0, 31, e8, mf8, ta, ma", "vsetvli t0, a0, 0xd0",
                "vsetvli t0, a0, 1024"));
        for (String csr : List.of("vstart", "vxsat", "vxrm", "vcsr", "vl", "vtype", "vlenb")) {
            p.add("csrr a0, " + csr);
        }
        p.add("csrw vstart, a1");
        return p;
    }

    /** Runs llvm-mc once over labelled lines; fills {@code words} by case and returns llvm-mc's errors. */
    private List<String> runLlvm(Path mc, List<String> texts, Map<Integer, Integer> words) throws Exception {
        LlvmMcBatch.Result r = LlvmMcBatch.run(mc, dir.resolve("vector.s"), "+m,+a,+f,+v", texts);
        r.words().forEach((c, ws) -> words.put(c, ws.get(ws.size() - 1)));
        return r.errors();
    }
}
