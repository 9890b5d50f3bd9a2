package org.rvsimt.frontend.opencl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The step between clang's two halves: reads the kernels and their argument metadata from the
 * program's LLVM IR (clang with {@code -cl-kernel-arg-info}), moves the kernel-scope
 * {@code __local} variables into the section the linker script places in shared memory, and
 * appends one entry stub per kernel that loads the arguments from the rvsimt argument block.
 *
 * <p>Why the IR: the stub calls the kernel with the kernel's own IR parameter types, so the RISC-V
 * calling convention of vectors and 64-bit values is the backend's business on both sides; and in
 * OpenCL C 1.2 the only writable variables outside functions are kernel-scope {@code __local}
 * ones (program-scope variables must be {@code __constant}), so every non-constant global the IR
 * defines is one of them.
 */
final class OpenClIr {
    /** The section the linker script maps at the shared-memory window (0xC0000000). */
    static final String LOCAL_SECTION = ".rvsimt.local";
    /** Linker-defined: the end of the kernel-scope __local variables, 16-byte aligned. */
    static final String LOCAL_END_SYMBOL = "__rvsimt_local_end";
    static final String ENTRY_PREFIX = "__rvsimt_cl_entry_";

    private static final Pattern DEFINE = Pattern.compile("^define [^@]*spir_kernel void @([A-Za-z_$.][\\w$.]*)\\((.*)\\)(.*)\\{\\s*$");
    private static final Pattern METADATA = Pattern.compile("^!(\\d+) = (?:distinct )?!\\{(.*)\\}\\s*$");
    private static final Pattern GLOBAL_DEF = Pattern.compile(
            "^@(\\S+) = (?:(?:internal|private|dso_local|hidden|protected|common|weak|linkonce_odr|weak_odr|unnamed_addr|local_unnamed_addr|externally_initialized) )*(?:addrspace\\(\\d+\\) )?global .*$");

    /** A kernel as the IR declares it: name, IR parameter types, attribute group and metadata. */
    record IrKernel(String name, List<String> irTypes, String attributes, List<OpenClArg> args) { }

    private OpenClIr() { }

    /** The IR's kernels with their arguments laid out in the argument block. */
    static List<IrKernel> kernels(String ir, String file) throws OpenClBuildException {
        Map<Integer, List<String>> md = new HashMap<>();
        for (String line : ir.split("\n")) {
            Matcher m = METADATA.matcher(line);
            if (m.matches()) {
                md.put(Integer.parseInt(m.group(1)), splitTop(m.group(2)));
            }
        }
        List<IrKernel> out = new ArrayList<>();
        for (String line : ir.split("\n")) {
            Matcher m = DEFINE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String name = m.group(1);
            List<String> params = m.group(2).isBlank() ? List.of() : splitTop(m.group(2));
            String tail = m.group(3);
            Matcher attr = Pattern.compile("#\\d+").matcher(tail);
            String attributes = attr.find() ? attr.group() : "";
            List<String> addrSpaces = meta(md, tail, "kernel_arg_addr_space", params.size());
            List<String> access = meta(md, tail, "kernel_arg_access_qual", params.size());
            List<String> types = meta(md, tail, "kernel_arg_type", params.size());
            List<String> quals = meta(md, tail, "kernel_arg_type_qual", params.size());
            List<String> names = meta(md, tail, "kernel_arg_name", params.size());
            List<String> irTypes = new ArrayList<>();
            List<OpenClArg> args = new ArrayList<>();
            int offset = OpenClKernel.HEADER_BYTES;
            for (int i = 0; i < params.size(); i++) {
                String p = params.get(i).strip();
                String type = leadingType(p);
                String typeName = string(types.get(i));
                if (p.contains("byval(") || p.contains("byref(") || type.startsWith("%") || type.startsWith("{")
                        || type.startsWith("[")) {
                    throw new OpenClBuildException(file + ": kernel " + name + ", argument " + string(names.get(i))
                            + ": a struct or union passed by value (" + typeName
                            + ") is not supported on rvsimt; pass it through a __global or __constant pointer", "", false);
                }
                if (typeName.contains("image") || typeName.equals("sampler_t") || typeName.contains("event_t")) {
                    throw new OpenClBuildException(file + ": kernel " + name + ", argument " + string(names.get(i))
                            + ": " + typeName + " is not supported (rvsimt's OpenCL device has no images)", "", false);
                }
                AddressQualifier aq = AddressQualifier.fromSpirAddressSpace(intValue(addrSpaces.get(i)));
                boolean pointer = type.startsWith("ptr");
                ArgKind kind = !pointer ? ArgKind.VALUE : aq == AddressQualifier.LOCAL ? ArgKind.LOCAL : ArgKind.BUFFER;
                int size = pointer ? 4 : valueSize(type);
                if (size <= 0) {
                    throw new OpenClBuildException(file + ": kernel " + name + ", argument " + string(names.get(i))
                            + ": type " + typeName + " is not supported as a kernel argument on rvsimt", "", false);
                }
                args.add(new OpenClArg(i, string(names.get(i)), aq, string(access.get(i)), typeName,
                        string(quals.get(i)), kind, size, offset));
                irTypes.add(type);
                offset += (size + 3) & ~3;
            }
            out.add(new IrKernel(name, irTypes, attributes, args));
        }
        return out;
    }

    /** The IR with the __local variables moved and the entry stubs appended. */
    static String link(String ir, List<IrKernel> kernels) {
        StringBuilder sb = new StringBuilder(ir.length() + 1024);
        for (String line : ir.split("\n", -1)) {
            if (GLOBAL_DEF.matcher(line).matches() && !line.contains(" section \"")) {
                int align = line.lastIndexOf(", align ");
                line = align >= 0 ? line.substring(0, align) + ", section \"" + LOCAL_SECTION + "\"" + line.substring(align)
                        : line + ", section \"" + LOCAL_SECTION + "\"";
            }
            sb.append(line).append('\n');
        }
        sb.append("\n@").append(LOCAL_END_SYMBOL).append(" = external global i8\n");
        for (IrKernel k : kernels) {
            sb.append(stub(k));
        }
        return sb.toString();
    }

    /** Loads each argument from its slot (a0 = the argument block) and calls the kernel. */
    private static String stub(IrKernel k) {
        StringBuilder s = new StringBuilder();
        s.append("\ndefine void @").append(ENTRY_PREFIX).append(k.name()).append("(ptr %blk) ")
                .append(k.attributes()).append(" section \".text.entry.").append(k.name()).append("\" {\n");
        List<String> values = new ArrayList<>();
        String localOffset = "0";
        int tmp = 0;
        for (int i = 0; i < k.args().size(); i++) {
            OpenClArg a = k.args().get(i);
            String t = k.irTypes().get(i);
            s.append("  %p").append(i).append(" = getelementptr i8, ptr %blk, i32 ").append(a.offset()).append('\n');
            if (a.kind() == ArgKind.LOCAL) {
                // The slot holds the size the host asked for; the pointer is the next 16-byte-aligned
                // piece of shared memory after the kernel-scope __local variables.
                s.append("  %n").append(i).append(" = load i32, ptr %p").append(i).append(", align 4\n");
                s.append("  %a").append(i).append(" = getelementptr i8, ptr @").append(LOCAL_END_SYMBOL).append(", i32 ")
                        .append(localOffset).append('\n');
                s.append("  %r").append(i).append(" = add i32 %n").append(i).append(", 15\n");
                s.append("  %q").append(i).append(" = and i32 %r").append(i).append(", -16\n");
                s.append("  %o").append(i).append(" = add i32 ").append(localOffset).append(", %q").append(i).append('\n');
                localOffset = "%o" + i;
                values.add(t + " %a" + i);
            } else {
                s.append("  %a").append(i).append(" = load ").append(t).append(", ptr %p").append(i).append(", align 4\n");
                values.add(t + " %a" + i);
            }
            tmp++;
        }
        s.append("  call spir_kernel void @").append(k.name()).append('(').append(String.join(", ", values)).append(")\n");
        s.append("  ret void\n}\n");
        return s.toString();
    }

    /** Size in bytes of a by-value IR type (i8..i64, float, half, vectors of them); 0 for others. */
    static int valueSize(String type) {
        Matcher v = Pattern.compile("^<(\\d+) x (\\w+)>$").matcher(type);
        if (v.matches()) {
            int n = Integer.parseInt(v.group(1));
            int e = valueSize(v.group(2));
            return e == 0 ? 0 : (n == 3 ? 4 : n) * e;
        }
        return switch (type) {
            case "i8" -> 1;
            case "i16", "half" -> 2;
            case "i32", "float" -> 4;
            case "i64" -> 8;
            default -> 0;
        };
    }

    /** The IR type a parameter starts with: {@code ptr}, {@code ptr addrspace(1)}, {@code <4 x float>}, {@code i32}. */
    static String leadingType(String param) {
        if (param.startsWith("<")) {
            return param.substring(0, param.indexOf('>') + 1);
        }
        String[] w = param.split("\\s+");
        if (w.length > 1 && w[1].startsWith("addrspace(")) {
            return w[0] + " " + w[1];
        }
        return w[0];
    }

    private static List<String> meta(Map<Integer, List<String>> md, String tail, String key, int n) {
        Matcher m = Pattern.compile("!" + key + " !(\\d+)").matcher(tail);
        List<String> v = m.find() ? md.get(Integer.parseInt(m.group(1))) : null;
        if (v == null || v.size() != n) {
            List<String> blank = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                blank.add(key.endsWith("addr_space") ? "i32 0" : "!\"\"");
            }
            return blank;
        }
        return v;
    }

    private static int intValue(String item) {
        String s = item.strip();
        int sp = s.lastIndexOf(' ');
        try {
            return Integer.parseInt(s.substring(sp + 1));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The text of a metadata string {@code !"..."} (LLVM writes other bytes as \XX). */
    static String string(String item) {
        String s = item.strip();
        if (!s.startsWith("!\"") || !s.endsWith("\"")) {
            return s;
        }
        s = s.substring(2, s.length() - 1);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 2 < s.length()) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** Splits on commas outside brackets and quotes. */
    static List<String> splitTop(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted) {
                if (c == '(' || c == '<' || c == '[' || c == '{') {
                    depth++;
                } else if (c == ')' || c == '>' || c == ']' || c == '}') {
                    depth--;
                } else if (c == ',' && depth == 0) {
                    out.add(s.substring(start, i).strip());
                    start = i + 1;
                }
            }
        }
        if (start < s.length() && !s.substring(start).isBlank()) {
            out.add(s.substring(start).strip());
        }
        return out;
    }
}
