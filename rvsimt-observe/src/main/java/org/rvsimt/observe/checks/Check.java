package org.rvsimt.observe.checks;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The checks of {@code rvsimt run --check}, named as NVIDIA's compute-sanitizer names its tools.
 */
public enum Check {
    /** Accesses outside every allocation, or across an allocation's end; misaligned atomics. */
    MEMCHECK,
    /** Two threads of a block touch the same bytes between barriers, at least one writing. */
    RACECHECK,
    /** Barriers in divergent code, barriers that cannot complete. */
    SYNCCHECK,
    /** Reads of memory that neither the host nor a thread wrote. */
    INITCHECK;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return label();
    }

    /** Every check's label, comma-separated, for messages. */
    public static String labels() {
        return EnumSet.allOf(Check.class).stream().map(Check::label).collect(Collectors.joining(", "));
    }

    /**
     * The checks named in {@code items} ({@code all} is every check).
     *
     * @throws IllegalArgumentException naming the unknown item and the known ones
     */
    public static Set<Check> parse(Iterable<String> items) {
        EnumSet<Check> out = EnumSet.noneOf(Check.class);
        for (String raw : items) {
            String item = raw.strip().toLowerCase(Locale.ROOT);
            if (item.equals("all")) {
                out.addAll(EnumSet.allOf(Check.class));
                continue;
            }
            Check found = null;
            for (Check c : values()) {
                if (c.label().equals(item)) {
                    found = c;
                }
            }
            if (found == null) {
                throw new IllegalArgumentException("unknown check '" + raw.strip() + "' (" + labels() + ", or all)");
            }
            out.add(found);
        }
        return out;
    }
}
