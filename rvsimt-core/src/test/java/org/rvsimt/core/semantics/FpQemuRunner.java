package org.rvsimt.core.semantics;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Builds a freestanding RV32IMAF Linux program with clang and runs it under qemu-riscv32
 * (user mode): the peer implementation FloatOps is compared against.
 *
 * <p>The program is a small interpreter over a table of cases. Each case record is five
 * words: snippet index, three operand bit patterns and a dynamic rounding mode written to
 * {@code frm} before the case. The snippet runs one instruction with a static (or dynamic)
 * rounding mode and leaves the result bits in a0; the loop stores a0 and the fflags it read
 * (and cleared) as two words per case. At the end the output is written to stdout with the
 * Linux {@code write} syscall (a7=64) and the program exits with {@code exit} (a7=93).
 */
final class FpQemuRunner {
    static final String CLANG = "clang-19";
    static final String QEMU = "qemu-riscv32";

    /** The rm of a variant written without a rounding-mode operand, and the dynamic one. */
    static final int NONE = -1;
    static final int DYN = 7;
    private static final String[] RM_NAMES = {"rne", "rtz", "rdn", "rup", "rmm"};

    private FpQemuRunner() { }

    /**
     * A snippet of one instruction: {@code mnemonic operands[, rm]}, then, when its destination is
     * fa0, the register's bits moved to a0.
     */
    static String snippet(String mnemonic, String operands, int rm, boolean floatResult) {
        return mnemonic + " " + operands + (rm == NONE ? "" : ", " + rmName(rm))
                + (floatResult ? "\nfmv.x.w a0, fa0" : "");
    }

    /**
     * Operand shapes of the F and Zfh instructions under test: each decides the assembly of a snippet
     * (and, in each test, which operands it generates). F_S_RM is a half result from a single operand.
     */
    enum Shape {
        F_FF_RM, F_F_RM, F_S_RM, F_FFF_RM, F_FF, X_FF, X_F, X_F_RM, F_X_RM, F_X;

        /** The snippet of {@code mnemonic} in this shape with rounding mode {@code rm}. */
        String asm(String mnemonic, int rm) {
            return switch (this) {
                case F_FF_RM, F_FF -> snippet(mnemonic, "fa0, fa1, fa2", rm, true);
                case F_F_RM, F_S_RM -> snippet(mnemonic, "fa0, fa1", rm, true);
                case F_FFF_RM -> snippet(mnemonic, "fa0, fa1, fa2, fa3", rm, true);
                case X_FF -> snippet(mnemonic, "a0, fa1, fa2", rm, false);
                case X_F, X_F_RM -> snippet(mnemonic, "a0, fa1", rm, false);
                case F_X_RM, F_X -> snippet(mnemonic, "fa0, a1", rm, true);
            };
        }
    }

    /** One instruction under test in one rounding mode ({@link #NONE} when it takes none). */
    record Variant(String mnemonic, Shape shape, int rm) {
        String asm() {
            return shape.asm(mnemonic, rm);
        }

        String label() {
            return FpQemuRunner.label(mnemonic, rm);
        }

        /** The rounding mode the instruction uses when frm holds {@code frm}. */
        int roundingMode(int frm) {
            return rm == DYN ? frm : rm;
        }
    }

    /** How a failure names a variant: {@code fadd.s.rtz}. */
    static String label(String mnemonic, int rm) {
        return rm == NONE ? mnemonic : mnemonic + "." + rmName(rm);
    }

    private static String rmName(int rm) {
        return rm == DYN ? "dyn" : RM_NAMES[rm];
    }

    /** Null when both tools are present, otherwise what is missing. */
    static String missingTools() {
        List<String> missing = new ArrayList<>();
        for (String tool : new String[] {CLANG, QEMU, "ld.lld-19"}) {
            if (findOnPath(tool) == null) {
                missing.add(tool);
            }
        }
        return missing.isEmpty() ? null : String.join(", ", missing);
    }

    private static Path findOnPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        Path usrBin = Path.of("/usr/bin", tool);
        return Files.isExecutable(usrBin) ? usrBin : null;
    }

    /**
     * @param snippets assembly for each snippet: operands in fa1/fa2/fa3 (and a1 for integer
     *                 sources), result bits to be left in a0
     * @param cases    five ints per case: snippet, a, b, c, frm
     * @return two ints per case: result bits, fflags
     */
    static int[] run(List<String> snippets, int[] cases) throws IOException, InterruptedException {
        return run(snippets, cases, "rv32imaf", List.of());
    }

    /**
     * As {@link #run(List, int[])}, with the program built for {@code march} and qemu started with
     * {@code qemuOptions} (e.g. {@code -cpu rv32,Zfh=true}, which QEMU needs for Zfh).
     */
    static int[] run(List<String> snippets, int[] cases, String march, List<String> qemuOptions)
            throws IOException, InterruptedException {
        int n = cases.length / 5;
        StringBuilder s = new StringBuilder(64 * snippets.size() + 40 * n);
        s.append("""
                    .option norelax
                    .text
                    .globl _start
                _start:
                    la s0, cases
                    la s1, outputs
                    la s2, cases_end
                    la s3, snippets
                loop:
                    bgeu s0, s2, done
                    lw t0, 0(s0)
                    lw a1, 4(s0)
                    lw a2, 8(s0)
                    lw a3, 12(s0)
                    lw a4, 16(s0)
                    fmv.w.x fa1, a1
                    fmv.w.x fa2, a2
                    fmv.w.x fa3, a3
                    fsrm a4
                    fsflags zero
                    slli t0, t0, 2
                    add t0, t0, s3
                    lw t0, 0(t0)
                    jr t0
                store:
                    frflags t1
                    sw a0, 0(s1)
                    sw t1, 4(s1)
                    addi s0, s0, 20
                    addi s1, s1, 8
                    j loop
                done:
                    la a1, outputs
                    li a2, %d
                write_more:
                    beqz a2, success
                    li a0, 1
                    li a7, 64
                    ecall
                    blez a0, failure
                    add a1, a1, a0
                    sub a2, a2, a0
                    j write_more
                failure:
                    li a0, 2
                    li a7, 93
                    ecall
                success:
                    li a0, 0
                    li a7, 93
                    ecall
                """.formatted(n * 8));
        for (int i = 0; i < snippets.size(); i++) {
            s.append("snippet_").append(i).append(":\n");
            for (String line : snippets.get(i).split("\n")) {
                s.append("    ").append(line).append('\n');
            }
            s.append("    j store\n");
        }
        s.append("    .section .rodata\n    .p2align 2\nsnippets:\n");
        for (int i = 0; i < snippets.size(); i++) {
            s.append("    .word snippet_").append(i).append('\n');
        }
        s.append("    .data\n    .p2align 2\ncases:\n");
        for (int i = 0; i < n; i++) {
            s.append("    .word ");
            for (int j = 0; j < 5; j++) {
                if (j > 0) {
                    s.append(',');
                }
                s.append("0x").append(Integer.toHexString(cases[5 * i + j]));
            }
            s.append('\n');
        }
        s.append("cases_end:\n    .bss\n    .p2align 2\noutputs:\n    .space ").append(n * 8).append('\n');

        Path dir = Files.createTempDirectory("rvsimt-fp-qemu");
        try {
            Path src = dir.resolve("fpcases.S");
            Path elf = dir.resolve("fpcases");
            Files.writeString(src, s);
            exec(dir, List.of(CLANG, "--target=riscv32-unknown-elf", "-march=" + march, "-mabi=ilp32f",
                    "-nostdlib", "-ffreestanding", "-fuse-ld=lld", "-static", "-Wl,-Ttext=0x10000",
                    src.toString(), "-o", elf.toString()), 120);
            List<String> qemu = new ArrayList<>(List.of(QEMU));
            qemu.addAll(qemuOptions);
            qemu.add(elf.toString());
            byte[] out = exec(dir, qemu, 60);
            if (out.length != n * 8) {
                throw new IOException("qemu wrote " + out.length + " bytes, expected " + n * 8);
            }
            int[] result = new int[n * 2];
            for (int i = 0; i < result.length; i++) {
                int o = 4 * i;
                result[i] = (out[o] & 0xFF) | (out[o + 1] & 0xFF) << 8 | (out[o + 2] & 0xFF) << 16
                        | (out[o + 3] & 0xFF) << 24;
            }
            return result;
        } finally {
            if (System.getProperty("rvsimt.fp.keep") == null) {
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(p);
                    }
                }
            } else {
                System.err.println("kept " + dir);
            }
        }
    }

    private static byte[] exec(Path dir, List<String> cmd, int timeoutSeconds)
            throws IOException, InterruptedException {
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(cmd.get(0) + " timed out");
        }
        if (p.exitValue() != 0) {
            throw new IOException(cmd.get(0) + " exited with " + p.exitValue() + ":\n" + Files.readString(err));
        }
        return out;
    }
}
