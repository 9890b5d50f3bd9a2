package org.rvsimt.device.opencl;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.frontend.opencl.OpenClArg;
import org.rvsimt.isa.elf.ElfFormatException;
import org.rvsimt.frontend.opencl.OpenClKernel;
import org.rvsimt.frontend.opencl.OpenClProgram;

/**
 * The program container the device server returns for BUILD_PROGRAM (docs/protocol.md) and the
 * OpenCL driver hands out as the program's binary: what a host needs to launch each kernel of an
 * OpenCL C program without parsing the ELF. Little-endian; {@code str} is a u32 byte count and UTF-8.
 *
 * <pre>
 * u32 magic "RVCL" (0x4C435652), u32 version (1), u32 kernel_count, then per kernel:
 *   str name, u32 entry, u32 static_local_bytes, u32 arg_block_bytes, u32 arg_count,
 *   per argument: str name, str type_name, u32 address (0 global, 1 constant, 2 local, 3 private),
 *                 u32 access (0 none, 1 read_only, 2 write_only, 3 read_write),
 *                 u32 type_qualifiers (bit 0 const, 1 restrict, 2 volatile),
 *                 u32 kind (0 buffer address, 1 __local size, 2 value bytes), u32 size, u32 offset
 * u32 elf_length, the ELF image
 * </pre>
 */
public final class ProgramContainer {
    public static final int MAGIC = 0x4C43_5652;
    public static final int VERSION = 1;

    private ProgramContainer() { }

    /** The container of {@code program}; entry addresses are the ELF symbols of the kernels' entry stubs. */
    public static byte[] encode(OpenClProgram program, long vramSize) throws ElfFormatException {
        Kernel image = Kernel.fromElf(program.elf(), "program", vramSize);
        Out out = new Out();
        out.u32(MAGIC).u32(VERSION).u32(program.kernels().size());
        for (OpenClKernel k : program.kernels()) {
            int entry = image.symbol(k.entrySymbol()).orElseThrow(() -> new IllegalStateException(
                    "the built program has no entry symbol " + k.entrySymbol()));
            out.str(k.name()).u32(entry).u32(k.staticLocalBytes()).u32(k.argBlockBytes()).u32(k.args().size());
            for (OpenClArg a : k.args()) {
                out.str(a.name()).str(a.typeName()).u32(address(a)).u32(access(a.accessQualifier()))
                        .u32(qualifiers(a.typeQualifiers())).u32(kind(a)).u32(a.size()).u32(a.offset());
            }
        }
        out.u32(program.elf().length);
        out.bytes.writeBytes(program.elf());
        return out.bytes.toByteArray();
    }

    private static int address(OpenClArg a) {
        return switch (a.addressQualifier()) {
            case GLOBAL -> 0;
            case CONSTANT -> 1;
            case LOCAL -> 2;
            case PRIVATE -> 3;
        };
    }

    private static int kind(OpenClArg a) {
        return switch (a.kind()) {
            case BUFFER -> 0;
            case LOCAL -> 1;
            case VALUE -> 2;
        };
    }

    private static int access(String q) {
        return switch (q == null ? "" : q.toLowerCase(Locale.ROOT).replace("__", "")) {
            case "read_only" -> 1;
            case "write_only" -> 2;
            case "read_write" -> 3;
            default -> 0;
        };
    }

    private static int qualifiers(String q) {
        int bits = 0;
        for (String w : (q == null ? "" : q).split("\\s+")) {
            switch (w) {
                case "const" -> bits |= 1;
                case "restrict" -> bits |= 2;
                case "volatile" -> bits |= 4;
                default -> { }
            }
        }
        return bits;
    }

    private static final class Out {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        Out u32(int v) {
            for (int i = 0; i < 4; i++) {
                bytes.write(v >>> (8 * i));
            }
            return this;
        }

        Out str(String s) {
            byte[] b = (s == null ? "" : s).getBytes(StandardCharsets.UTF_8);
            u32(b.length);
            bytes.writeBytes(b);
            return this;
        }
    }
}
