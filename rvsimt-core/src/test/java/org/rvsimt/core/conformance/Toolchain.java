package org.rvsimt.core.conformance;

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
 * The independent peer: clang-19 (integrated assembler, lld) builds a freestanding RV32IMAF
 * Linux executable from a source, qemu-riscv32 (user mode) runs it.
 */
final class Toolchain {
    static final String CLANG = "clang-19";
    static final String QEMU = "qemu-riscv32";
    static final String LLD = "ld.lld-19";

    /** Result of running a program under qemu: exit status, stdout and stderr. */
    record Run(int exitStatus, byte[] stdout, String stderr) { }

    private Toolchain() { }

    /** Null when clang-19, lld-19 and qemu-riscv32 are all present, otherwise what is missing. */
    static String missingTools() {
        List<String> missing = new ArrayList<>();
        for (String tool : new String[] {CLANG, LLD, QEMU}) {
            if (find(tool) == null) {
                missing.add(tool);
            }
        }
        return missing.isEmpty() ? null : String.join(", ", missing);
    }

    static Path find(String tool) {
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
     * Assembles and links {@code source} ({@code .S}, through the C preprocessor, or, when
     * {@code preprocess} is false, {@code .s}, which saves clang a process) with
     * text at {@code textAddress} and, when {@code dataAddress >= 0}, data at {@code dataAddress}.
     */
    static byte[] build(Path dir, String name, String source, int textAddress, int dataAddress)
            throws IOException, InterruptedException {
        return build(dir, name, source, textAddress, dataAddress, true);
    }

    static byte[] build(Path dir, String name, String source, int textAddress, int dataAddress, boolean preprocess)
            throws IOException, InterruptedException {
        Path src = dir.resolve(name + (preprocess ? ".S" : ".s"));
        Path elf = dir.resolve(name + ".elf");
        Files.writeString(src, source);
        List<String> cmd = new ArrayList<>(List.of(CLANG, "--target=riscv32-unknown-elf", "-march=rv32imaf",
                "-mabi=ilp32f", "-nostdlib", "-ffreestanding", "-fuse-ld=lld", "-static",
                "-Wl,-Ttext=0x" + Integer.toHexString(textAddress)));
        // lld puts the ELF headers in a read-only segment at the image base (0x10000 by default),
        // which would overlap text linked there; rvsimt's ELF reader rightly refuses overlaps.
        cmd.add("-Wl,--image-base=0x" + Integer.toHexString(Math.max(0, textAddress - 0x8000)));
        if (dataAddress >= 0) {
            cmd.add("-Wl,-Tdata=0x" + Integer.toHexString(dataAddress));
        }
        cmd.addAll(List.of(src.toString(), "-o", elf.toString()));
        Run r = exec(dir, cmd, 120);
        if (r.exitStatus() != 0) {
            throw new IOException("clang failed on " + src + ":\n" + r.stderr());
        }
        return Files.readAllBytes(elf);
    }

    /**
     * Assembles several {@code .s} sources with one clang process and links each with ld.lld
     * (one process per program instead of clang's three): the ELF of every program, by name, or
     * an empty map if clang rejects any of them (build them one by one to see which).
     */
    static java.util.Map<String, byte[]> buildBatch(Path dir, List<String> names, List<String> sources,
                                                    int textAddress, int dataAddress)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(CLANG, "--target=riscv32-unknown-elf", "-march=rv32imaf",
                "-mabi=ilp32f", "-c"));
        for (int i = 0; i < names.size(); i++) {
            Path src = dir.resolve(names.get(i) + ".s");
            Files.writeString(src, sources.get(i));
            cmd.add(src.getFileName().toString());
        }
        java.util.Map<String, byte[]> out = new java.util.HashMap<>();
        if (exec(dir, cmd, 300).exitStatus() != 0) {
            return out;
        }
        for (String name : names) {
            Path elf = dir.resolve(name + ".elf");
            Run r = exec(dir, List.of(LLD, "-static", "-Ttext=0x" + Integer.toHexString(textAddress),
                    "-Tdata=0x" + Integer.toHexString(dataAddress),
                    "--image-base=0x" + Integer.toHexString(Math.max(0, textAddress - 0x8000)),
                    name + ".o", "-o", elf.toString()), 120);
            Files.deleteIfExists(dir.resolve(name + ".o"));
            if (r.exitStatus() != 0) {
                throw new IOException("ld.lld failed on " + name + ".o:\n" + r.stderr());
            }
            out.put(name, Files.readAllBytes(elf));
        }
        return out;
    }

    /** Runs an executable under qemu-riscv32. */
    static Run qemu(Path dir, Path elf, int timeoutSeconds) throws IOException, InterruptedException {
        return qemu(dir, elf, timeoutSeconds, List.of(), List.of());
    }

    /** Runs an executable under qemu-riscv32 with qemu options and program arguments. */
    static Run qemu(Path dir, Path elf, int timeoutSeconds, List<String> qemuOptions, List<String> programArgs)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(QEMU);
        cmd.addAll(qemuOptions);
        cmd.add(elf.toString());
        cmd.addAll(programArgs);
        return exec(dir, cmd, timeoutSeconds);
    }

    static Run exec(Path dir, List<String> cmd, int timeoutSeconds) throws IOException, InterruptedException {
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(cmd.get(0) + " timed out after " + timeoutSeconds + " s");
        }
        String stderr = Files.readString(err);
        Files.deleteIfExists(err);
        return new Run(p.exitValue(), out, stderr);
    }

    static void deleteTree(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
