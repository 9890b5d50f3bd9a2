package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.Extension;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.asm.AsmTestSupport.Run;
import org.rvsimt.isa.decode.Decoder;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * Real compiler output: C with {@code __riscv_} RVV intrinsics built by {@code clang-19
 * -march=rv32imaf_zve32f} decodes entirely, its vector instructions list as llvm-objdump lists them,
 * and each listing re-assembles to the compiler's word.
 */
class ClangRvvDisassemblyTest {

    private static final String SOURCE = """
            #include <riscv_vector.h>
            void saxpy(int n, float a, const float *x, float *y) {
              for (size_t vl; n > 0; n -= vl, x += vl, y += vl) {
                vl = __riscv_vsetvl_e32m4(n);
                vfloat32m4_t vx = __riscv_vle32_v_f32m4(x, vl);
                vfloat32m4_t vy = __riscv_vle32_v_f32m4(y, vl);
                __riscv_vse32_v_f32m4(y, __riscv_vfmacc_vf_f32m4(vy, a, vx, vl), vl);
              }
            }
            int dot(int n, const int *x, const int *y) {
              vint32m1_t acc = __riscv_vmv_s_x_i32m1(0, 1);
              for (size_t vl; n > 0; n -= vl, x += vl, y += vl) {
                vl = __riscv_vsetvl_e32m1(n);
                vint32m1_t p = __riscv_vmul_vv_i32m1(__riscv_vle32_v_i32m1(x, vl), __riscv_vle32_v_i32m1(y, vl), vl);
                acc = __riscv_vredsum_vs_i32m1_i32m1(p, acc, vl);
              }
              return __riscv_vmv_x_s_i32m1_i32(acc);
            }
            unsigned relu(int n, float *x, const unsigned char *idx) {
              unsigned count = 0;
              for (size_t vl; n > 0; n -= vl, x += vl) {
                vl = __riscv_vsetvl_e32m2(n);
                vfloat32m2_t v = __riscv_vle32_v_f32m2(x, vl);
                vbool16_t neg = __riscv_vmflt_vf_f32m2_b16(v, 0.0f, vl);
                v = __riscv_vfmerge_vfm_f32m2(v, 0.0f, neg, vl);
                __riscv_vse32_v_f32m2_m(neg, x, v, vl);
                count += __riscv_vcpop_m_b16(neg, vl);
                vuint8mf2_t off = __riscv_vle8_v_u8mf2(idx, vl);
                vfloat32m2_t g = __riscv_vluxei8_v_f32m2(x, off, vl);
                __riscv_vsse32_v_f32m2(x, 8, __riscv_vfsqrt_v_f32m2(g, vl), vl);
              }
              return count;
            }
            """;

    @TempDir
    Path dir;

    @Test
    void compiledIntrinsicsDecodeAndListAsObjdump() throws Exception {
        Path clang = AsmTestSupport.tool("/usr/bin/clang-19");
        Path objdump = LlvmListing.objdump();
        Assumptions.assumeTrue(clang != null && objdump != null, "clang-19 and llvm-objdump needed");
        Path c = dir.resolve("k.c");
        Files.writeString(c, SOURCE);
        Path o = dir.resolve("k.o");
        Run cc = AsmTestSupport.run(List.of(clang.toString(), "--target=riscv32", "-march=rv32imaf_zve32f",
                "-mabi=ilp32f", "-O2", "-c", c.toString(), "-o", o.toString()));
        Assumptions.assumeTrue(cc.exit() == 0, "clang could not compile RVV intrinsics here: " + cc.err());
        List<String> problems = new ArrayList<>();
        int vector = 0;
        for (LlvmListing.Line l : LlvmListing.ofObject(objdump, o, "+zve32f,+m,+a,+f")) {
            int w = l.word();
            InstructionDef def = Decoder.lookup(w);
            if (def == null) {
                problems.add(String.format("0x%08x (%s): rvsimt cannot decode it", w, l.text().trim()));
                continue;
            }
            if (def.extension() != Extension.V) {
                continue; // scalar listings differ only in how branch targets are symbolised
            }
            vector++;
            String ours = Disassembler.listing().format(w, 0);
            String theirs = VectorLlvmMcCrossCheckTest.normalise(l.text());
            if (!VectorLlvmMcCrossCheckTest.normalise(ours).equals(theirs)) {
                problems.add(String.format("0x%08x: rvsimt '%s', llvm-objdump '%s'", w, ours, theirs));
            }
            int[] back = Assembler.assembleLine(ours, 0);
            if (back.length != 1 || back[0] != w) {
                problems.add(String.format("0x%08x: '%s' re-assembles to %s", w, ours, AsmTestSupport.hex(back)));
            }
        }
        assertThat(vector).as("vector instructions in the compiled code").isGreaterThan(15);
        assertThat(problems).isEmpty();
    }
}
