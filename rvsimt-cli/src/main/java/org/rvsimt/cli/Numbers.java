package org.rvsimt.cli;

import picocli.CommandLine;

/** Number parsing for flags: decimal, 0x hex, 0b binary, and size suffixes (KiB, MiB, GiB). */
final class Numbers {
    private Numbers() { }

    static long parse(String s) {
        String t = s.trim().replace("_", "");
        long scale = 1;
        String lower = t.toLowerCase(java.util.Locale.ROOT);
        String[][] suffixes = {{"kib", "1024"}, {"mib", "1048576"}, {"gib", "1073741824"}, {"k", "1024"},
            {"m", "1048576"}, {"g", "1073741824"}};
        if (!lower.startsWith("0x")) {
            for (String[] suf : suffixes) {
                if (lower.endsWith(suf[0])) {
                    scale = Long.parseLong(suf[1]);
                    lower = lower.substring(0, lower.length() - suf[0].length()).trim();
                    break;
                }
            }
        }
        long v;
        if (lower.startsWith("0x")) {
            v = Long.parseLong(lower.substring(2), 16);
        } else if (lower.startsWith("0b")) {
            v = Long.parseLong(lower.substring(2), 2);
        } else {
            v = Long.parseLong(lower);
        }
        return Math.multiplyExact(v, scale);
    }

    static final class IntConverter implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                long v = parse(value);
                if (v < Integer.MIN_VALUE || v > 0xFFFFFFFFL) {
                    throw new CommandLine.TypeConversionException("'" + value + "' does not fit in 32 bits");
                }
                return (int) v;
            } catch (NumberFormatException | ArithmeticException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a number");
            }
        }
    }
}
