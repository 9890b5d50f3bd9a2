package org.rvsimt.observe;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.rvsimt.isa.debug.DwarfFormatException;
import org.rvsimt.isa.debug.SourceFrame;
import org.rvsimt.isa.debug.SourceLocation;
import org.rvsimt.isa.debug.SourceMap;
import org.rvsimt.isa.elf.ElfFormatException;

/**
 * Where a pc of a launched kernel is in its source, for reports (fault, flight recorder, hot pcs,
 * divergent branches, check findings): file, line and function from the kernel's DWARF. Kernels
 * without a line table (assembly, C built without {@code -g}) have no places, and reports show
 * pcs only, as before.
 */
public final class SourceLines {
    private static final SourceLines NONE = new SourceLines(SourceMap.empty());

    private final SourceMap map;

    private SourceLines(SourceMap map) {
        this.map = map;
    }

    /**
     * A pc's place: the file as the compiler recorded it (absolute), the line (0: code of no
     * particular line, which the compiler made up), the function (an inlined one included) or null.
     */
    public record Place(String file, int line, String function) {
        /** {@code reduction.c:27 (reduce_sum)}: the file's last component, for one-line reports. */
        public String text() {
            int slash = file.lastIndexOf('/');
            String base = slash < 0 ? file : file.substring(slash + 1);
            return base + (line > 0 ? ":" + line : "") + (function != null ? " (" + function + ")" : "");
        }

        /** The JSON object {@code {file, line, function}} (line null for line 0, function null when unknown). */
        public Map<String, Object> toMap() {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("file", file);
            o.put("line", line > 0 ? line : null);
            o.put("function", function);
            return o;
        }
    }

    public static SourceLines none() {
        return NONE;
    }

    public static SourceLines of(SourceMap map) {
        return map.hasLines() ? new SourceLines(map) : NONE;
    }

    /**
     * The places of the kernel ELF {@code elf}, or none when it has no line table. DWARF the reader
     * cannot use is not a reason to refuse the launch (the code is fine): its places are left out.
     */
    public static SourceLines ofElf(byte[] elf, String name) {
        if (elf == null) {
            return NONE;
        }
        try {
            return of(SourceMap.read(elf, name));
        } catch (ElfFormatException | DwarfFormatException e) {
            return NONE;
        }
    }

    public boolean known() {
        return map.hasLines();
    }

    /**
     * The place of {@code pc}, when the line table covers it. Code inlined from a header (a device
     * function of {@code rvsimt.h} such as {@code __syncthreads}) is placed at its call site in the
     * kernel's own source, which is the line a developer looks for; the function is then the caller.
     */
    public Optional<Place> at(int pc) {
        if (!map.hasLines()) {
            return Optional.empty();
        }
        Optional<SourceLocation> loc = map.location(pc);
        if (loc.isEmpty()) {
            return Optional.empty();
        }
        if (isHeader(loc.get().file())) {
            for (SourceFrame f : map.frames(pc)) {
                SourceLocation l = f.location();
                if (l != null && !isHeader(l.file()) && l.line() > 0) {
                    return Optional.of(new Place(l.file(), l.line(), f.function()));
                }
            }
        }
        SourceLocation l = loc.get();
        return Optional.of(new Place(l.file(), l.line(), map.function(pc).orElse(null)));
    }

    private static boolean isHeader(String file) {
        return file.endsWith(".h") || file.endsWith(".hpp");
    }

    /** {@code "  reduction.c:27 (reduce_sum)"} with the given prefix, or "" when the pc has no place. */
    public String suffix(int pc, String prefix) {
        return at(pc).map(p -> prefix + p.text()).orElse("");
    }

    /** The place as a JSON object, or null. */
    public Map<String, Object> json(int pc) {
        return at(pc).map(Place::toMap).orElse(null);
    }
}
