package org.rvsimt.isa.debug;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** clang-19 and the LLVM tools for the DWARF tests: compiles the library's C kernels with {@code -g}. */
final class Toolchain {

    static final Path CLANG = Path.of("/usr/bin/clang-19");
    static final Path DWARFDUMP = Path.of("/usr/bin/llvm-dwarfdump");
    static final Path SYMBOLIZER = Path.of("/usr/bin/llvm-symbolizer");

    private Toolchain() { }

    static void require(Path... tools) {
        for (Path t : tools) {
            assumeTrue(Files.isExecutable(t), t + " is not installed (apt-get install llvm clang-19 lld-19); skipping");
        }
    }

    /** The repository root: the folder above the working directory that holds kernels/include/rvsimt.h. */
    static Path repoRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("kernels/include/rvsimt.h"))) {
                return d;
            }
        }
        throw new AssertionError("kernels/include/rvsimt.h not found above " + Path.of("").toAbsolutePath());
    }

    /** The C kernels of the library, as paths relative to the repository root. */
    static List<Path> cKernels() throws IOException {
        Path root = repoRoot();
        try (var dirs = Files.list(root.resolve("kernels"))) {
            List<Path> out = new ArrayList<>();
            for (Path d : dirs.sorted().toList()) {
                if (d.getFileName().toString().endsWith("_c")) {
                    try (var files = Files.list(d)) {
                        files.filter(f -> f.toString().endsWith(".c")).sorted().forEach(f -> out.add(root.relativize(f)));
                    }
                }
            }
            return out;
        }
    }

    /** The entry symbol of a kernel from its launch.yaml. */
    static String entry(Path kernel) throws IOException {
        Path yaml = repoRoot().resolve(kernel).resolveSibling("launch.yaml");
        Matcher m = Pattern.compile("(?m)^entry:\\s*(\\S+)").matcher(Files.readString(yaml));
        return m.find() ? m.group(1) : null;
    }

    /**
     * Compiles C sources (relative to the repository root, which is clang's working directory, so
     * the DWARF holds relative names and a compilation directory) as the C front end does, plus
     * {@code -g}, the DWARF version and the optimisation level.
     */
    static Path compile(Path outDir, List<Path> sources, String entry, int dwarfVersion, String opt)
            throws IOException, InterruptedException {
        Path out = outDir.resolve(sources.getFirst().getFileName().toString().replace(".c", "")
                + "_v" + dwarfVersion + "_" + opt.substring(1) + (sources.size() > 1 ? "_multi" : "") + ".elf");
        // zfh: haxpy_c computes in _Float16, whose conversions need compiler-rt without Zfh (its launch.yaml
        // gives the device Zfh); the other kernels compile to the same code either way
        List<String> cmd = new ArrayList<>(List.of(CLANG.toString(), "--target=riscv32-unknown-elf", "-march=rv32imaf_zfh",
                "-mabi=ilp32f", opt, "-g", "-gdwarf-" + dwarfVersion, "-nostdlib", "-ffreestanding", "-fuse-ld=lld",
                "-fconvergent-functions", "-fno-jump-tables", "-Ikernels/include", "-Tkernels/include/rvsimt.ld",
                "-Wl,-e," + entry, "-o", out.toString()));
        for (Path s : sources) {
            cmd.add(s.toString());
        }
        Result r = run(cmd, repoRoot(), "");
        if (r.exit() != 0) {
            throw new AssertionError("clang failed: " + String.join(" ", cmd) + "\n" + r.err());
        }
        return out;
    }

    record Result(int exit, String out, String err) { }

    static Result run(List<String> cmd, Path dir, String stdin) throws IOException, InterruptedException {
        Path err = Files.createTempFile("rvsimt-dwarf", ".err");
        try {
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(err.toFile()).start();
            try (var in = p.getOutputStream()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(cmd + " did not finish in 60 s");
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8), Files.readString(err));
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
