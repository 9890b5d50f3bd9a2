package org.rvsimt.frontend;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles a C kernel into an rvsimt ELF with clang (version 19 by default):
 *
 * <pre>
 * clang-19 --target=riscv32-unknown-elf -march=rv32imaf -mabi=ilp32f -O2 -g -nostdlib -ffreestanding
 *          -fuse-ld=lld -fconvergent-functions -fno-jump-tables
 *          -I INCLUDE -T INCLUDE/rvsimt.ld -Wl,-e,ENTRY SOURCE -o TMP.elf
 * </pre>
 *
 * {@code -fconvergent-functions} keeps the compiler from duplicating or moving barriers, votes and
 * shuffles (inline assembly) into divergent paths, as a GPU compiler would; {@code -fno-jump-tables}
 * keeps switch statements as branches, whose reconvergence the engine computes from the control-flow
 * graph (an indirect jump through a table has no static successors). {@code -g} adds DWARF line and
 * function information, so fault reports, statistics and check findings name file:line and function;
 * it only adds non-loaded debug sections and leaves the code unchanged (a test compares the loaded
 * segments with and without it for kernels of the library).
 *
 * <p>INCLUDE, the folder holding {@code rvsimt.h} and {@code rvsimt.ld}, is the one
 * {@link DeviceHeaders#forSource} picks: a kernels tree's own {@code include} folder, else the
 * headers shipped inside rvsimt, so that a kernel anywhere on disk compiles.
 */
public final class CKernelCompiler {
    /** The default compiler, looked up on PATH. */
    public static final String DEFAULT_CC = "clang-19";

    private CKernelCompiler() { }

    /**
     * Compiles {@code source} and returns the ELF image.
     *
     * @param source     the .c file
     * @param entry      the kernel's entry symbol (passed to the linker as {@code -e}), or null to let
     *                   the linker default it (the first {@code __global__} function is at address 0)
     * @param ccOverride the compiler to run instead of {@code clang-19} (a name on PATH or a path), or null
     * @throws FrontEndException when the compiler is missing, fails, or reports an error (the message
     *                            is the first error line of its output, {@code file:line:col: error: ...})
     */
    public static byte[] compile(Path source, String entry, String ccOverride) throws IOException, FrontEndException {
        return compile(source, entry, ccOverride, true);
    }

    /** As {@link #compile(Path, String, String)}; {@code debugInfo} false leaves out {@code -g}. */
    public static byte[] compile(Path source, String entry, String ccOverride, boolean debugInfo)
            throws IOException, FrontEndException {
        return compile(source, entry, ccOverride, debugInfo, null);
    }

    /**
     * As {@link #compile(Path, String, String, boolean)}, for the scalar extensions {@code march}
     * (e.g. {@code rv32imaf_zba_zbb}, the device's ISA) instead of {@code rv32imaf}; null for the latter.
     */
    public static byte[] compile(Path source, String entry, String ccOverride, boolean debugInfo, String march)
            throws IOException, FrontEndException {
        String cc = ccOverride != null && !ccOverride.isBlank() ? ccOverride : DEFAULT_CC;
        Path ccPath = resolveExecutable(cc);
        if (ccPath == null) {
            if (ccOverride == null || ccOverride.isBlank()) {
                throw new FrontEndException("clang-19 not found: install it with 'apt-get install clang-19 lld-19' (or pass --cc)");
            }
            throw new FrontEndException(cc + " not found (given with --cc)");
        }
        if (!Files.isRegularFile(source)) {
            throw new FrontEndException(source + ": no such file");
        }
        DeviceHeaders.Paths headers = DeviceHeaders.forSource(source);
        Path tmpDir = Files.createTempDirectory("rvsimt-cc");
        try {
            Path out = tmpDir.resolve("kernel.elf");
            // Kernels that include the RVV intrinsics get Zve32f; the others stay scalar (clang would
            // otherwise auto-vectorise them, changing what the scalar kernels measure).
            String arch = march != null ? march : "rv32imaf";
            if (Files.readString(source).contains("riscv_vector.h")) {
                arch += "_zve32f";
            }
            List<String> cmd = new ArrayList<>(List.of(ccPath.toString(), "--target=riscv32-unknown-elf",
                    "-march=" + arch, "-mabi=ilp32f", "-O2", "-nostdlib", "-ffreestanding", "-fuse-ld=lld",
                    "-fconvergent-functions", "-fno-jump-tables", "-fno-exceptions", "-fno-asynchronous-unwind-tables",
                    "-fno-unwind-tables"));
            if (debugInfo) {
                cmd.add("-g");
            }
            cmd.add("-I" + headers.include());
            cmd.add("-T" + headers.linkerScript());
            if (entry != null && !entry.isBlank()) {
                cmd.add("-Wl,-e," + entry);
            }
            cmd.add(source.toString());
            cmd.add("-o");
            cmd.add(out.toString());
            ToolRun.Result r = run(cmd);
            if (r.exitCode() != 0 || !Files.isRegularFile(out)) {
                throw new FrontEndException(firstError(r.output(), source));
            }
            return Files.readAllBytes(out);
        } finally {
            ToolRun.deleteTree(tmpDir);
        }
    }

    /** A name on PATH or a path to an executable, or null when there is none. */
    public static Path resolveExecutable(String cc) {
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
        if (sym.equals("__extendsfdf2")) {
            // Not double arithmetic: C promotes a float passed to printf (or any variadic function) to double.
            return " (a float converted to double, e.g. a printf argument: include rvsimt.h, which provides the conversion)";
        }
        if (sym.matches("__.*df\\d?") || sym.startsWith("__truncdfsf")) {
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

    private static ToolRun.Result run(List<String> cmd) throws FrontEndException {
        try {
            return ToolRun.run(cmd);
        } catch (ToolRun.Failure f) {
            throw new FrontEndException(f.getMessage());
        }
    }
}
