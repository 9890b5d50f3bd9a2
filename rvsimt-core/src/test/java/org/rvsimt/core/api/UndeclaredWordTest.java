package org.rvsimt.core.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.decode.Decoder;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * The instruction table is the only decoder of vector and matrix words: a word it does not declare is
 * not an instruction. The reference is llvm-objdump (RVV 1.0 enabled), which lists each of these reserved
 * encodings as {@code <unknown>}; rvsimt lists them as {@code .word} and executing one is an illegal
 * instruction fault on both engines.
 */
class UndeclaredWordTest {

    /** Reserved RVV encodings (RVV 1.0 chapter and why) and a custom-1 word with a wrong register class. */
    private static final int[] WORDS = {
        0x5e208057,   // vmv.v.v with vs2 != 0 (11.16: vs2 must be v0)
        0x12006007,   // vle32.v with mew = 1 (7.3: EEW > 64 is reserved)
        0x00b00007,   // vlm.v with vm = 0 (7.4: vlm is unmasked only)
        0x42800007,   // vl3re8.v: whole-register loads of 3 registers are reserved (7.9)
        0x9e2130d7,   // vmv3r.v: simm5 = 2 is reserved (16.6)
        0x8200f057,   // vsetvl with bits 30:25 != 0 (6.1)
        0x4201a057,   // VWXUNARY0 with vs1 = 3 (16.1: unassigned)
        0x081a0a2b,   // mfmacc.s with an accumulator as ms1 (docs/isa.md, XMATRIX: tiles only)
    };
    private static final Pattern OBJDUMP_LINE = Pattern.compile("^\\s*[0-9a-f]+:\\s+([0-9a-f]{8})\\s+(.*)$");

    @TempDir
    Path dir;

    @Test
    void llvmObjdumpKnowsNoneOfThemAndNeitherDoesRvsimt() throws Exception {
        StringBuilder src = new StringBuilder(".text\n");
        for (int w : WORDS) {
            src.append(String.format(".insn 4, 0x%08x%n", w));
        }
        Path s = dir.resolve("words.s");
        Path o = dir.resolve("words.o");
        Files.writeString(s, src);
        run("/usr/bin/llvm-mc-19", "-triple=riscv32", "-mattr=+m,+a,+f,+v", "-filetype=obj", "-o", o.toString(),
                s.toString());
        List<String> listed = new ArrayList<>();
        for (String line : run("/usr/bin/llvm-objdump-19", "-d", "--mattr=+m,+a,+f,+v", o.toString()).split("\n")) {
            Matcher m = OBJDUMP_LINE.matcher(line);
            if (m.find()) {
                int w = Integer.parseUnsignedInt(m.group(1), 16);
                assertThat(m.group(2).trim()).as("llvm-objdump of 0x%08x", w).isEqualTo("<unknown>");
                assertThat(Decoder.decode(w)).as("0x%08x", w).isEqualTo(-1);
                assertThat(Disassembler.listing().format(w, 0)).isEqualTo(String.format(".word 0x%08x", w));
                listed.add(m.group(1));
            }
        }
        assertThat(listed).hasSize(WORDS.length);
    }

    @Test
    void executingOneIsAnIllegalInstructionOnBothEngines() throws Exception {
        for (String engine : new String[] {"interp", "jit"}) {
            DeviceConfig config = DeviceConfig.defaults().withVram(4L << 20).withThreads(1).withEngine(engine);
            try (Device d = Device.open(config)) {
                for (int w : WORDS) {
                    // a plain instruction first, so the word is not the kernel's first and a block can start before it
                    String src = String.format("    .globl k%nk:%n    addi a0, a0, 1%n    .word 0x%08x%n    ret%n", w);
                    LaunchResult r = d.launch(Kernel.fromAssembly(src, "word.S"), Dim3.of(1), Dim3.of(1), 0);
                    assertThat(r.fault()).as("0x%08x on %s", w, engine).isNotNull();
                    assertThat(r.fault().kind().label()).as("0x%08x on %s", w, engine).isEqualTo("illegal_instruction");
                }
            }
        }
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(command[0]).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
