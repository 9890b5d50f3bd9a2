package org.rvsimt.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Compiles a C kernel into an rvsimt ELF with clang (version 19 by default):
 *
 * <pre>
 * clang-19 --target=riscv32-unknown-elf -march=rv32imaf -mabi=ilp32f -O2 -nostdlib -ffreestanding
 *          -fuse-ld=lld -fconvergent-functions -fno-jump-tables
 *          -I KERNELS/include -T KERNELS/include/rvsimt.ld -Wl,-e,ENTRY SOURCE -o TMP.elf
 * </pre>
 *
 * {@code -fconvergent-functions} keeps the compiler from duplicating or moving barriers, votes and
 * shuffles (inline assembly) into divergent paths, as a GPU compiler would; {@code -fno-jump-tables}
 * keeps switch statements as branches, whose reconvergence the engine computes from the control-flow
 * graph (an indirect jump through a table has no static successors).
 *
 * <p>The folder holding {@code include/rvsimt.h} is found by walking up from the source's folder
 * (so {@code kernels/foo/foo.c} finds {@code kernels/include}), else under the system property
 * {@code rvsimt.home} ({@code HOME/kernels/include}). Without it the kernel is compiled without the
 * header and linked with a built-in copy of {@code rvsimt.ld}.
 */
public final class CKernelCompiler {
    /** The default compiler, looked up on PATH. */
    public static final String DEFAULT_CC = "clang-19";
    static final long TIMEOUT_SECONDS = 120;

    /** The contents of kernels/include/rvsimt.ld, for sources that are not inside a kernels tree. */
    static final String BUILTIN_LINKER_SCRIPT = """
            OUTPUT_ARCH(riscv)
            SECTIONS
            {
              . = 0x0;
              .text : { KEEP(*(.text.entry)) *(.text.entry.*) *(.text .text.*) }
              .rodata : ALIGN(4) { *(.rodata .rodata.* .srodata .srodata.*) }
              .data : ALIGN(4) { *(.data .data.* .sdata .sdata.*) }
              .bss : ALIGN(4) { *(.sbss .sbss.* .bss .bss.* COMMON) }
              _end = .;
              ASSERT(_end <= 0x100000, "rvsimt: kernel image does not fit in the first MiB of VRAM")
              /DISCARD/ : { *(.comment) *(.note .note.*) *(.eh_frame .eh_frame_hdr) }
            }
            """;

    private CKernelCompiler() { }

    /**
     * Compiles {@code source} and returns the ELF image.
     *
     * @param source     the .c file
     * @param entry      the kernel's entry symbol (passed to the linker as {@code -e}), or null to let
     *                   the linker default it (the first {@code __global__} function is at address 0)
     * @param ccOverride the compiler to run instead of {@code clang-19} (a name on PATH or a path), or null
     * @throws UserError when the compiler is missing, fails, or reports an error (the message is the
     *                   first error line of its output, {@code file:line:col: error: ...})
     */
    public static byte[] compile(Path source, String entry, String ccOverride) throws IOException {
        String cc = ccOverride != null && !ccOverride.isBlank() ? ccOverride : DEFAULT_CC;
        Path ccPath = resolveExecutable(cc);
        if (ccPath == null) {
            if (ccOverride == null || ccOverride.isBlank()) {
                throw new UserError("clang-19 not found: install it with 'apt-get install clang-19 lld-19' (or pass --cc)");
            }
            throw new UserError(cc + " not found (given with --cc)");
        }
        if (!Files.isRegularFile(source)) {
            throw new UserError(source + ": no such file");
        }
        Path include = findIncludeDir(source);
        Path tmpDir = Files.createTempDirectory("rvsimt-cc");
        try {
            Path linkerScript;
            if (include != null && Files.isRegularFile(include.resolve("rvsimt.ld"))) {
                linkerScript = include.resolve("rvsimt.ld");
            } else {
                linkerScript = tmpDir.resolve("rvsimt.ld");
                Files.writeString(linkerScript, BUILTIN_LINKER_SCRIPT);
            }
            Path out = tmpDir.resolve("kernel.elf");
            // Kernels that include the RVV intrinsics get Zve32f; the others stay scalar (clang would
            // otherwise auto-vectorise them, changing what the scalar kernels measure).
            String march = Files.readString(source).contains("riscv_vector.h") ? "-march=rv32imaf_zve32f"
                    : "-march=rv32imaf";
            List<String> cmd = new ArrayList<>(List.of(ccPath.toString(), "--target=riscv32-unknown-elf",
                    march, "-mabi=ilp32f", "-O2", "-nostdlib", "-ffreestanding", "-fuse-ld=lld",
                    "-fconvergent-functions", "-fno-jump-tables", "-fno-exceptions", "-fno-asynchronous-unwind-tables",
                    "-fno-unwind-tables"));
            if (include != null) {
                cmd.add("-I" + include);
            }
            cmd.add("-T" + linkerScript);
            if (entry != null && !entry.isBlank()) {
                cmd.add("-Wl,-e," + entry);
            }
            cmd.add(source.toString());
            cmd.add("-o");
            cmd.add(out.toString());
            Result r = run(cmd);
            if (r.exitCode != 0 || !Files.isRegularFile(out)) {
                throw new UserError(firstError(r.output, source));
            }
            return Files.readAllBytes(out);
        } finally {
            deleteTree(tmpDir);
        }
    }

    /** The folder with rvsimt.h: up from the source, else {@code rvsimt.home}/kernels/include, else null. */
    static Path findIncludeDir(Path source) {
        Path dir = source.toAbsolutePath().normalize().getParent();
        while (dir != null) {
            Path inc = dir.resolve("include");
            if (Files.isRegularFile(inc.resolve("rvsimt.h"))) {
                return inc;
            }
            Path kin = dir.resolve("kernels").resolve("include");
            if (Files.isRegularFile(kin.resolve("rvsimt.h"))) {
                return kin;
            }
            dir = dir.getParent();
        }
        String home = System.getProperty("rvsimt.home");
        if (home != null && !home.isBlank()) {
            Path inc = Path.of(home).resolve("kernels").resolve("include");
            if (Files.isRegularFile(inc.resolve("rvsimt.h"))) {
                return inc;
            }
        }
        return null;
    }

    /** A name on PATH or a path to an executable, or null when there is none. */
    static Path resolveExecutable(String cc) {
        if (cc.contains("/") || cc.contains(java.io.File.separator)) {
            Path p = Path.of(cc);
            return Files.isRegularFile(p) && Files.isExecutable(p) ? p : null;
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String d : path.split(java.io.File.pathSeparator)) {
            if (d.isEmpty()) {
                continue;
            }
            Path p = Path.of(d).resolve(cc);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** The first error line of clang's (or the linker's) output, or a summary when there is none. */
    static String firstError(String output, Path source) {
        String[] lines = output.split("\\R");
        for (String l : lines) {
            if (l.contains(": error:") || l.contains(": fatal error:")) {
                return l.strip() + hint(l);
            }
        }
        for (String l : lines) {
            if (l.toLowerCase(java.util.Locale.ROOT).contains("error")) {
                return l.strip();
            }
        }
        for (String l : lines) {
            if (!l.isBlank()) {
                return source + ": compilation failed: " + l.strip();
            }
        }
        return source + ": compilation failed";
    }

    /** A hint for link errors that mean "this needs a runtime library rvsimt does not have". */
    private static String hint(String line) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("undefined symbol: (\\S+)").matcher(line);
        if (!m.find()) {
            return "";
        }
        String sym = m.group(1);
        if (sym.matches("__.*df\\d?") || sym.startsWith("__extendsfdf") || sym.startsWith("__truncdfsf")) {
            return " (double arithmetic needs a soft-float library: use float, e.g. 1.0f)";
        }
        if (sym.matches("__(u?div|u?mod)di3")) {
            return " (64-bit division is not available: use 32-bit integers)";
        }
        if (sym.matches("mem(cpy|set|move)") || sym.matches("[a-z][a-z0-9_]*")) {
            return " (there is no libc; rvsimt.h has the device functions)";
        }
        return "";
    }

    private record Result(int exitCode, String output) { }

    private static Result run(List<String> cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new UserError("cannot run " + cmd.get(0) + ": " + UserError.describe(e));
        }
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Thread reader = Thread.ofVirtual().start(() -> {
            try (InputStream in = p.getInputStream()) {
                in.transferTo(buf);
            } catch (IOException ignored) {
                // the process died; its exit code tells
            }
        });
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new UserError(cmd.get(0) + " did not finish within " + TIMEOUT_SECONDS + " s");
            }
            reader.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while compiling");
        }
        String text;
        synchronized (buf) {
            text = buf.toString(StandardCharsets.UTF_8);
        }
        return new Result(p.exitValue(), text);
    }

    private static void deleteTree(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // a leftover temp file is harmless
                }
            });
        } catch (IOException ignored) {
            // same
        }
    }
}
