package org.rvsimt.frontend.opencl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.isa.elf.ElfFormatException;
import org.rvsimt.frontend.CKernelCompiler;
import org.rvsimt.frontend.ToolRun;

/**
 * Builds an OpenCL C program for rvsimt's device; the entry point the OpenCL host side (the ICD's
 * server, the Python package) and the {@code .cl} front end use:
 *
 * <pre>
 * OpenClProgram p = OpenClCompiler.build(sourceText, "-D N=64 -cl-mad-enable");
 * OpenClKernel k = p.kernel("vecadd").orElseThrow();   // entry symbol, argument slots, __local sizes
 * </pre>
 *
 * Three steps (docs/opencl.md, "How a program is built"):
 * <ol>
 *   <li>clang-19 compiles the source to LLVM IR as OpenCL C 1.2 ({@code -x cl -cl-std=CL1.2},
 *       {@code -finclude-default-header} for the built-ins' declarations, {@code -cl-kernel-arg-info});</li>
 *   <li>{@link OpenClIr} reads the kernels' arguments, moves kernel-scope {@code __local} variables
 *       to shared memory and adds one entry stub per kernel;</li>
 *   <li>clang-19 compiles that IR and links it with the device library ({@link OpenClDeviceLibrary}).</li>
 * </ol>
 * A program that does not build throws {@link OpenClBuildException}: one line, plus the whole log.
 */
public final class OpenClCompiler {
    /** The extensions the device has (atomics on 32-bit words in global and local memory; byte stores). */
    public static final List<String> EXTENSIONS = List.of("cl_khr_global_int32_base_atomics",
            "cl_khr_global_int32_extended_atomics", "cl_khr_local_int32_base_atomics",
            "cl_khr_local_int32_extended_atomics", "cl_khr_byte_addressable_store");
    /** Where shared memory (and so the kernel-scope __local variables) starts in every work-group. */
    private static final int SHARED_BASE = 0xC0000000;

    private OpenClCompiler() { }

    /** Builds {@code source} with {@code options} ({@code -D}, {@code -I}, {@code -cl-*}), clang-19 from PATH. */
    public static OpenClProgram build(String source, String options) throws OpenClBuildException {
        return build(source, options, null, null, "program.cl");
    }

    /**
     * Builds {@code source}.
     *
     * @param includeDir where {@code #include "x.h"} looks first (the source file's folder), or null
     * @param compiler   clang to run instead of clang-19 (a name on PATH or a path), or null
     * @param fileName   the name messages give the source ({@code kernel.cl})
     */
    public static OpenClProgram build(String source, String options, Path includeDir, String compiler, String fileName)
            throws OpenClBuildException {
        return build(source, options, includeDir, compiler, fileName, null);
    }

    /**
     * As {@link #build(String, String, Path, String, String)}, with the ELF's entry point at the stub
     * of kernel {@code entryKernel} (null: the first kernel). Every kernel's stub is in the ELF
     * either way; a host launching several kernels gives each launch its stub's address.
     */
    public static OpenClProgram build(String source, String options, Path includeDir, String compiler, String fileName,
            String entryKernel) throws OpenClBuildException {
        List<String> userFlags = OpenClBuildOptions.toClang(options);
        Path cc = compiler(compiler);
        OpenClDeviceLibrary.Compiled lib = OpenClDeviceLibrary.forCompiler(cc);
        Path tmp;
        try {
            tmp = Files.createTempDirectory("rvsimt-cl");
        } catch (IOException e) {
            throw new OpenClBuildException("cannot create a temporary folder: " + e.getMessage(), "", false);
        }
        try {
            String name = fileName == null || fileName.isBlank() ? "program.cl" : Path.of(fileName).getFileName().toString();
            Path src = tmp.resolve(name.endsWith(".cl") ? name : name + ".cl");
            Files.writeString(src, source);
            StringBuilder log = new StringBuilder();

            // 1. OpenCL C -> IR
            List<String> front = new ArrayList<>(clFlags(cc));
            if (OpenClBuildOptions.choosesStandard(userFlags)) {
                front.removeIf(a -> a.startsWith("-cl-std="));
            }
            if (includeDir != null) {
                front.add("-I" + includeDir.toAbsolutePath());
            }
            front.addAll(userFlags);
            front.addAll(List.of("-cl-kernel-arg-info", "-emit-llvm", "-S", src.toString(), "-o", tmp.resolve("program.ll").toString()));
            ToolRun.Result r = run(front);
            log.append(clean(r.output(), tmp));
            if (r.exitCode() != 0) {
                throw new OpenClBuildException(firstError(clean(r.output(), tmp)), log.toString(), false);
            }
            String ir = Files.readString(tmp.resolve("program.ll"));
            List<OpenClIr.IrKernel> irKernels;
            try {
                irKernels = OpenClIr.kernels(ir, name);
            } catch (OpenClBuildException e) {
                throw new OpenClBuildException(e.getMessage(), log + e.getMessage() + "\n", false);
            }
            Files.writeString(tmp.resolve("linked.ll"), OpenClIr.link(ir, irKernels));

            // 2. IR -> object
            List<String> back = new ArrayList<>(List.of(cc.toString(), "--target=riscv32-unknown-elf", "-march=rv32imaf",
                    "-mabi=ilp32f", "-O2", "-ffunction-sections", "-Wno-override-module", "-c", "-x", "ir",
                    tmp.resolve("linked.ll").toString(), "-o", tmp.resolve("program.o").toString()));
            r = run(back);
            if (r.exitCode() != 0) {
                throw new OpenClBuildException(name + ": code generation failed: " + firstError(clean(r.output(), tmp)),
                        log + clean(r.output(), tmp), false);
            }

            // 3. link with the device library
            Path elf = tmp.resolve("program.elf");
            List<String> link = new ArrayList<>(List.of(cc.toString(), "--target=riscv32-unknown-elf", "-march=rv32imaf",
                    "-mabi=ilp32f", "-nostdlib", "-fuse-ld=lld", "-T", lib.linkerScript().toString(), "-Wl,--gc-sections"));
            if (entryKernel != null && irKernels.stream().noneMatch(k -> k.name().equals(entryKernel))) {
                String msg = name + ": no kernel named " + entryKernel + " (kernels: "
                        + String.join(", ", irKernels.stream().map(OpenClIr.IrKernel::name).toList()) + ")";
                throw new OpenClBuildException(msg, log + msg + "\n", false);
            }
            if (!irKernels.isEmpty()) {
                link.add("-Wl,-e," + OpenClIr.ENTRY_PREFIX + (entryKernel != null ? entryKernel : irKernels.getFirst().name()));
            } else {
                link.add("-Wl,-e,0");
            }
            link.addAll(List.of(tmp.resolve("program.o").toString(), lib.builtins().toString(), lib.runtime().toString(),
                    "-o", elf.toString()));
            r = run(link);
            if (r.exitCode() != 0 || !Files.isRegularFile(elf)) {
                String msg = linkError(clean(r.output(), tmp), name);
                throw new OpenClBuildException(msg, log + msg + "\n", false);
            }
            byte[] elfBytes = Files.readAllBytes(elf);
            int localBytes = staticLocalBytes(elfBytes, name);
            List<OpenClKernel> kernels = new ArrayList<>();
            for (OpenClIr.IrKernel k : irKernels) {
                int end = k.args().isEmpty() ? OpenClKernel.HEADER_BYTES
                        : k.args().getLast().offset() + k.args().getLast().slotBytes();
                kernels.add(new OpenClKernel(k.name(), OpenClIr.ENTRY_PREFIX + k.name(), k.args(), end, localBytes));
            }
            return new OpenClProgram(elfBytes, kernels, log.toString());
        } catch (IOException e) {
            throw new OpenClBuildException("cannot build " + fileName + ": " + e.getMessage(), "", false);
        } finally {
            ToolRun.deleteTree(tmp);
        }
    }

    /** The clang arguments that compile OpenCL C for the device (the library uses them too). */
    static List<String> clFlags(Path cc) {
        List<String> a = new ArrayList<>(List.of(cc.toString(), "-x", "cl", "-cl-std=CL1.2", "--target=riscv32-unknown-elf",
                "-march=rv32imaf", "-mabi=ilp32f", "-O2", "-ffunction-sections", "-fno-jump-tables",
                "-Xclang", "-finclude-default-header", "-Xclang", "-cl-ext=-all," + String.join(",",
                        EXTENSIONS.stream().map(e -> "+" + e).toList())));
        return a;
    }

    private static Path compiler(String override) throws OpenClBuildException {
        String cc = override != null && !override.isBlank() ? override : CKernelCompiler.DEFAULT_CC;
        Path p = CKernelCompiler.resolveExecutable(cc);
        if (p == null) {
            String msg = override == null || override.isBlank()
                    ? "clang-19 not found: install it with 'apt-get install clang-19 lld-19'"
                    : cc + " not found";
            throw new OpenClBuildException(msg, msg + "\n", false);
        }
        return p;
    }

    private static int staticLocalBytes(byte[] elf, String name) throws OpenClBuildException {
        try {
            Kernel k = Kernel.fromElf(elf, name, 1L << 32);
            int end = k.symbol(OpenClIr.LOCAL_END_SYMBOL).orElse(SHARED_BASE);
            return end - SHARED_BASE;
        } catch (ElfFormatException e) {
            throw new OpenClBuildException(name + ": the linked program is not a loadable ELF: " + e.getMessage(), "", false);
        }
    }

    private static final Pattern UNDEFINED = Pattern.compile("undefined symbol: (\\S+(?:\\([^)]*\\))?)");
    private static final Pattern MANGLED = Pattern.compile("_Z(\\d+)(\\w+)");

    /** A link error as a user reads it: an undefined built-in names the OpenCL function. */
    static String linkError(String output, String file) {
        Matcher m = UNDEFINED.matcher(output);
        if (m.find()) {
            String sym = m.group(1);
            Matcher z = MANGLED.matcher(sym);
            String fn = sym.contains("(") ? sym.substring(0, sym.indexOf('(')) : sym;
            if (z.matches()) {
                int n = Integer.parseInt(z.group(1));
                fn = z.group(2).substring(0, Math.min(n, z.group(2).length()));
            }
            return file + ": " + fn + " is not available on rvsimt's OpenCL device (undefined symbol " + sym + ")";
        }
        return file + ": link failed: " + firstError(output);
    }

    /** The first error line of clang's output, or its first line. */
    static String firstError(String output) {
        for (String l : output.split("\\R")) {
            if (l.contains("error:")) {
                return l.strip();
            }
        }
        for (String l : output.split("\\R")) {
            if (!l.isBlank()) {
                return l.strip();
            }
        }
        return "compilation failed";
    }

    /** Compiler output without the temporary folder's path, so messages name just the file. */
    private static String clean(String output, Path tmp) {
        return output.replace(tmp.toString() + "/", "");
    }

    static ToolRun.Result run(List<String> cmd) throws OpenClBuildException {
        try {
            return ToolRun.run(cmd);
        } catch (ToolRun.Failure f) {
            throw new OpenClBuildException(f.getMessage(), "", false);
        }
    }
}
