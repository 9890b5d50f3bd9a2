package org.rvsimt.frontend.opencl;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rvsimt.frontend.ToolRun;

/**
 * The OpenCL C built-ins of rvsimt's device (work-item functions, barriers, atomics, math,
 * integer, geometric, conversion functions, printf), written here and shipped as sources inside
 * the jar. They are compiled once per content and compiler into a cache folder
 * ({@code ~/.cache/rvsimt/opencl-HASH}) and linked into every program, whose unused functions the
 * linker drops ({@code --gc-sections}).
 */
final class OpenClDeviceLibrary {
    static final String BUILTINS = "rvsimt_opencl.cl";
    static final String RUNTIME = "rvsimt_opencl_rt.c";
    static final String LINKER_SCRIPT = "rvsimt_opencl.ld";
    private static final List<String> FILES = List.of(BUILTINS, RUNTIME, LINKER_SCRIPT);

    /** The compiled library: objects to link and the linker script. */
    record Compiled(Path builtins, Path runtime, Path linkerScript) { }

    private static final Map<String, Compiled> CACHE = new ConcurrentHashMap<>();

    private OpenClDeviceLibrary() { }

    /** The library compiled with {@code cc}, from the cache folder or compiled now. */
    static Compiled forCompiler(Path cc) throws OpenClBuildException {
        Map<String, byte[]> files = resources();
        String key = digest(files, cc.toString());
        Compiled c = CACHE.get(key);
        if (c != null && Files.isRegularFile(c.builtins())) {
            return c;
        }
        synchronized (OpenClDeviceLibrary.class) {
            c = CACHE.get(key);
            if (c == null || !Files.isRegularFile(c.builtins())) {
                c = compileInto(cacheRoot().resolve("opencl-" + key), files, cc);
                CACHE.put(key, c);
            }
            return c;
        }
    }

    private static Compiled compileInto(Path dir, Map<String, byte[]> files, Path cc) throws OpenClBuildException {
        Compiled c = new Compiled(dir.resolve("builtins.o"), dir.resolve("runtime.o"), dir.resolve(LINKER_SCRIPT));
        if (Files.isRegularFile(c.builtins()) && Files.isRegularFile(c.runtime()) && Files.isRegularFile(c.linkerScript())) {
            return c;
        }
        Path tmp = null;
        try {
            Files.createDirectories(dir.getParent());
            tmp = Files.createTempDirectory(dir.getParent(), dir.getFileName() + ".part");
            for (Map.Entry<String, byte[]> e : files.entrySet()) {
                Files.write(tmp.resolve(e.getKey()), e.getValue());
            }
            List<String> cl = new ArrayList<>(OpenClCompiler.clFlags(cc));
            cl.addAll(List.of("-ffp-contract=off", "-c", tmp.resolve(BUILTINS).toString(), "-o",
                    tmp.resolve("builtins.o").toString()));
            check(OpenClCompiler.run(cl), BUILTINS);
            List<String> rt = new ArrayList<>(List.of(cc.toString(), "--target=riscv32-unknown-elf", "-march=rv32imaf",
                    "-mabi=ilp32f", "-O2", "-ffreestanding", "-fno-builtin", "-nostdlib", "-ffunction-sections", "-fno-jump-tables",
                    "-ffp-contract=off", "-c", tmp.resolve(RUNTIME).toString(), "-o", tmp.resolve("runtime.o").toString()));
            check(OpenClCompiler.run(rt), RUNTIME);
            try {
                Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
                tmp = null;
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException | DirectoryNotEmptyException e) {
                // another process compiled it first; use theirs
            }
            return c;
        } catch (IOException e) {
            throw new OpenClBuildException("cannot compile rvsimt's OpenCL built-ins into " + dir + ": " + e.getMessage(),
                    "", false);
        } finally {
            if (tmp != null) {
                ToolRun.deleteTree(tmp);
            }
        }
    }

    private static void check(ToolRun.Result r, String file) throws OpenClBuildException {
        if (r.exitCode() != 0) {
            throw new OpenClBuildException("rvsimt's OpenCL built-ins (" + file + ") do not compile with this clang: "
                    + OpenClCompiler.firstError(r.output()), r.output(), false);
        }
    }

    private static Map<String, byte[]> resources() throws OpenClBuildException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String f : FILES) {
            try (InputStream in = OpenClDeviceLibrary.class.getResourceAsStream(f)) {
                if (in == null) {
                    throw new OpenClBuildException("rvsimt's OpenCL built-ins are missing from its jar (" + f + "); rebuild it",
                            "", false);
                }
                files.put(f, in.readAllBytes());
            } catch (IOException e) {
                throw new OpenClBuildException("cannot read " + f + " from rvsimt's jar: " + e.getMessage(), "", false);
            }
        }
        return files;
    }

    /** {@code $XDG_CACHE_HOME/rvsimt}, else {@code ~/.cache/rvsimt} (as the C headers' cache). */
    private static Path cacheRoot() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "rvsimt");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "rvsimt");
    }

    private static String digest(Map<String, byte[]> files, String compiler) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(compiler.getBytes(StandardCharsets.UTF_8));
            for (Map.Entry<String, byte[]> e : files.entrySet()) {
                md.update((byte) 0);
                md.update(e.getKey().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(e.getValue());
            }
            return HexFormat.of().formatHex(md.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
