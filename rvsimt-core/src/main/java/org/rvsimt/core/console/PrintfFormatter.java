package org.rvsimt.core.console;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * C's printf, run on the host for a device thread (as CUDA's device printf formats on the host):
 * the kernel hands over the format string's address and its {@code va_list}, and this reads both
 * from the thread's memory and formats as glibc does, with exact decimal rounding (ties to even)
 * for {@code %f %e %g}.
 *
 * <p>The {@code va_list} is read as the RISC-V ilp32/ilp32f psABI lays it out: each variadic
 * argument in a 4-byte slot, 8-byte ones ({@code double}, {@code long long}) in an 8-byte-aligned
 * pair of slots; a {@code float} argument arrives as a {@code double} (C's default promotion).
 *
 * <p>Conversions: {@code d i u o x X c s p f F e E g G a A n %} with the flags {@code - + space # 0},
 * a width and a precision (either may be {@code *}) and the length modifiers {@code hh h l ll j z t};
 * {@code %n} stores nothing, {@code %a} ignores a precision, and a {@code long double} conversion
 * ({@code %Lf}) is printed as written. Widths and precisions are capped at {@value #MAX_FIELD}.
 */
public final class PrintfFormatter {
    /** Longest format string read (bytes); the rest is ignored. */
    public static final int MAX_FORMAT_BYTES = 4096;
    /** Longest {@code %s} argument read (bytes) when no precision limits it. */
    public static final int MAX_STRING_BYTES = 4096;
    /** Largest width or precision honoured. */
    public static final int MAX_FIELD = 4096;

    private enum Length { NONE, HH, H, L, LL, J, Z, T, LONG_DOUBLE }

    private record Spec(boolean left, boolean plus, boolean space, boolean alt, boolean zero, int width,
                        int precision, Length length, char conversion, String text) {
        boolean upper() {
            return Character.isUpperCase(conversion);
        }
    }

    private final DeviceBytes memory;
    private int next;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private PrintfFormatter(DeviceBytes memory, int vaList) {
        this.memory = memory;
        this.next = vaList;
    }

    /**
     * Formats the NUL-terminated format string at {@code formatAddress} with the variadic arguments
     * at {@code vaList}, as bytes (the format's own bytes and {@code %s} strings pass through).
     *
     * @throws UnreadablePrintfArgument when the format, an argument or a string is not in mapped memory
     */
    public static byte[] format(DeviceBytes memory, int formatAddress, int vaList) {
        PrintfFormatter f = new PrintfFormatter(memory, vaList);
        f.run(f.readFormat(formatAddress));
        return f.out.toByteArray();
    }

    private byte[] readFormat(int address) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int i = 0; i < MAX_FORMAT_BYTES; i++) {
            int c = read(address + i, "format string");
            if (c == 0) {
                break;
            }
            b.write(c);
        }
        return b.toByteArray();
    }

    private void run(byte[] fmt) {
        int i = 0;
        while (i < fmt.length) {
            byte c = fmt[i++];
            if (c != '%') {
                out.write(c);
                continue;
            }
            int start = i - 1;
            boolean left = false;
            boolean plus = false;
            boolean space = false;
            boolean alt = false;
            boolean zero = false;
            for (; i < fmt.length; i++) {
                switch (fmt[i]) {
                    case '-' -> left = true;
                    case '+' -> plus = true;
                    case ' ' -> space = true;
                    case '#' -> alt = true;
                    case '0' -> zero = true;
                    default -> { }
                }
                if ("-+ #0".indexOf(fmt[i]) < 0) {
                    break;
                }
            }
            int width = 0;
            if (i < fmt.length && fmt[i] == '*') {
                i++;
                width = nextInt();
                if (width < 0) {
                    left = true;
                    width = width == Integer.MIN_VALUE ? MAX_FIELD : -width;
                }
            } else {
                while (i < fmt.length && Character.isDigit(fmt[i])) {
                    width = Math.min(MAX_FIELD, width * 10 + (fmt[i++] - '0'));
                }
            }
            int precision = -1;
            if (i < fmt.length && fmt[i] == '.') {
                i++;
                precision = 0;
                if (i < fmt.length && fmt[i] == '*') {
                    i++;
                    precision = nextInt();
                    if (precision < 0) {
                        precision = -1;
                    }
                } else {
                    while (i < fmt.length && Character.isDigit(fmt[i])) {
                        precision = Math.min(MAX_FIELD, precision * 10 + (fmt[i++] - '0'));
                    }
                }
            }
            width = Math.min(width, MAX_FIELD);
            precision = Math.min(precision, MAX_FIELD);
            Length length = Length.NONE;
            if (i < fmt.length) {
                switch (fmt[i]) {
                    case 'h' -> {
                        boolean hh = i + 1 < fmt.length && fmt[i + 1] == 'h';
                        length = hh ? Length.HH : Length.H;
                        i += hh ? 2 : 1;
                    }
                    case 'l' -> {
                        boolean ll = i + 1 < fmt.length && fmt[i + 1] == 'l';
                        length = ll ? Length.LL : Length.L;
                        i += ll ? 2 : 1;
                    }
                    case 'q' -> { length = Length.LL; i++; }
                    case 'j' -> { length = Length.J; i++; }
                    case 'z' -> { length = Length.Z; i++; }
                    case 't' -> { length = Length.T; i++; }
                    case 'L' -> { length = Length.LONG_DOUBLE; i++; }
                    default -> { }
                }
            }
            if (i >= fmt.length) {
                out.writeBytes(java.util.Arrays.copyOfRange(fmt, start, fmt.length));
                return;
            }
            char conversion = (char) (fmt[i++] & 0xFF);
            String text = new String(fmt, start, i - start, StandardCharsets.ISO_8859_1);
            convert(new Spec(left, plus, space, alt, zero, width, precision, length, conversion, text));
        }
    }

    private void convert(Spec s) {
        switch (s.conversion()) {
            case 'd', 'i' -> {
                long v = s.length() == Length.LL || s.length() == Length.J ? nextLong() : nextInt();
                v = switch (s.length()) {
                    case HH -> (byte) v;
                    case H -> (short) v;
                    default -> v;
                };
                integer(s, v < 0 ? "-" : s.plus() ? "+" : s.space() ? " " : "", unsignedDigits(Math.abs(v), 10, v == Long.MIN_VALUE), "",
                        false);
            }
            case 'u', 'o', 'x', 'X' -> {
                long v = s.length() == Length.LL || s.length() == Length.J ? nextLong() : nextInt() & 0xFFFF_FFFFL;
                v = switch (s.length()) {
                    case HH -> v & 0xFF;
                    case H -> v & 0xFFFF;
                    default -> v;
                };
                int radix = s.conversion() == 'u' ? 10 : s.conversion() == 'o' ? 8 : 16;
                String digits = Long.toUnsignedString(v, radix);
                String prefix = "";
                if (s.alt() && v != 0 && radix == 16) {
                    prefix = s.upper() ? "0X" : "0x";
                }
                if (s.upper()) {
                    digits = digits.toUpperCase(Locale.ROOT);
                }
                integer(s, "", digits, prefix, s.alt() && radix == 8);
            }
            case 'c' -> pad(s, "", new byte[] {(byte) nextInt()}, false);
            case 's' -> pad(s, "", string(nextInt(), s.precision()), false);
            case 'p' -> {
                int v = nextInt();
                if (v == 0) {
                    pad(s, "", ascii("(nil)"), false);
                } else {
                    integer(s, "", Integer.toHexString(v), "0x", false); // glibc: %p is %#x
                }
            }
            case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A' -> {
                if (s.length() == Length.LONG_DOUBLE) {
                    nextInt(); // a long double is passed by reference; printed as written
                    out.writeBytes(ascii(s.text()));
                    return;
                }
                floating(s, Double.longBitsToDouble(nextLong()));
            }
            case 'n' -> nextInt(); // stores nothing: a kernel's count would be its own business
            case '%' -> out.write('%');
            default -> out.writeBytes(ascii(s.text()));
        }
    }

    // ------------------------------------------------------------------ integers

    private static String unsignedDigits(long magnitude, int radix, boolean minValue) {
        return minValue ? "9223372036854775808" : Long.toString(magnitude, radix);
    }

    /**
     * C's integer rules: the precision is a minimum digit count (0 with value 0 prints no digit);
     * {@code leadingZero} ('#' with %o) makes the first digit a 0 if it is not one already.
     */
    private void integer(Spec s, String sign, String digits, String prefix, boolean leadingZero) {
        if (s.precision() >= 0) {
            if (s.precision() == 0 && digits.equals("0")) {
                digits = "";
            }
            digits = "0".repeat(Math.max(0, s.precision() - digits.length())) + digits;
        }
        if (leadingZero && !digits.startsWith("0")) {
            digits = "0" + digits;
        }
        pad(s, sign + prefix, ascii(digits), s.zero() && s.precision() < 0);
    }

    // ------------------------------------------------------------------ floating point

    private void floating(Spec s, double v) {
        boolean negative = (Double.doubleToRawLongBits(v) < 0);
        String sign = negative ? "-" : s.plus() ? "+" : s.space() ? " " : "";
        char conv = Character.toLowerCase(s.conversion());
        if (!Double.isFinite(v)) {
            String body = Double.isNaN(v) ? "nan" : "inf";
            pad(s, sign, ascii(s.upper() ? body.toUpperCase(Locale.ROOT) : body), false);
            return;
        }
        double a = Math.abs(v);
        int precision = s.precision() < 0 ? 6 : s.precision();
        String body = switch (conv) {
            case 'f' -> fixed(a, precision, s.alt());
            case 'e' -> scientific(a, precision, s.alt());
            case 'g' -> general(a, precision, s.alt());
            default -> hex(a);
        };
        pad(s, sign, ascii(s.upper() ? body.toUpperCase(Locale.ROOT) : body), s.zero());
    }

    private static String fixed(double a, int precision, boolean alt) {
        String t = new BigDecimal(a).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
        return precision == 0 && alt ? t + "." : t;
    }

    /** {@code d.ddde+XX}: the value rounded to {@code precision + 1} significant digits. */
    private static String scientific(double a, int precision, boolean alt) {
        Decimal d = Decimal.of(a, precision + 1);
        String mantissa = d.digits.charAt(0) + (precision > 0 || alt ? "." + d.digits.substring(1) : "");
        return mantissa + exponent(d.exponent);
    }

    private static String general(double a, int precision, boolean alt) {
        int p = precision == 0 ? 1 : precision;
        int x = Decimal.of(a, p).exponent;
        String t;
        if (p > x && x >= -4) {
            t = fixed(a, p - 1 - x, alt);
            return alt ? t : stripZeros(t);
        }
        t = scientific(a, p - 1, alt);
        if (alt) {
            return t;
        }
        int e = t.indexOf('e');
        return stripZeros(t.substring(0, e)) + t.substring(e);
    }

    private static String stripZeros(String t) {
        if (t.indexOf('.') < 0) {
            return t;
        }
        int end = t.length();
        while (t.charAt(end - 1) == '0') {
            end--;
        }
        if (t.charAt(end - 1) == '.') {
            end--;
        }
        return t.substring(0, end);
    }

    private static String exponent(int e) {
        String digits = Integer.toString(Math.abs(e));
        return (e < 0 ? "e-" : "e+") + (digits.length() < 2 ? "0" : "") + digits;
    }

    /** glibc's {@code %a}: {@code 0x1.8p+1}, subnormals as {@code 0x0.xxxp-1022}, zero as {@code 0x0p+0}. */
    private static String hex(double a) {
        if (a == 0) {
            return "0x0p+0";
        }
        String t = Double.toHexString(a);            // 0x1.8p1, 0x1.0p0, 0x0.0000000000001p-1022
        int p = t.indexOf('p');
        String mantissa = t.substring(0, p);
        if (mantissa.endsWith(".0")) {
            mantissa = mantissa.substring(0, mantissa.length() - 2);
        }
        String exp = t.substring(p + 1);
        return mantissa + "p" + (exp.startsWith("-") ? exp : "+" + exp);
    }

    /** A positive value's first {@code significant} decimal digits, rounded half to even, and its decimal exponent. */
    private record Decimal(String digits, int exponent) {
        static Decimal of(double a, int significant) {
            if (a == 0) {
                return new Decimal("0".repeat(significant), 0);
            }
            BigDecimal r = new BigDecimal(a).round(new MathContext(significant, RoundingMode.HALF_EVEN));
            String u = r.unscaledValue().toString();  // at most `significant` digits after rounding
            int exponent = u.length() - 1 - r.scale();
            return new Decimal(u + "0".repeat(significant - u.length()), exponent);
        }
    }

    // ------------------------------------------------------------------ strings and padding

    private byte[] string(int address, int precision) {
        if (address == 0) {
            return ascii(precision < 0 || precision >= 6 ? "(null)" : ""); // as glibc
        }
        int limit = precision >= 0 ? precision : MAX_STRING_BYTES;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int i = 0; i < limit; i++) {
            int c = read(address + i, "%s string");
            if (c == 0) {
                break;
            }
            b.write(c);
        }
        return b.toByteArray();
    }

    /** Pads to the width: spaces on the left (or right with '-'), or zeros between sign and digits. */
    private void pad(Spec s, String sign, byte[] body, boolean zeros) {
        int fill = Math.max(0, s.width() - sign.length() - body.length);
        if (s.left()) {
            out.writeBytes(ascii(sign));
            out.writeBytes(body);
            out.writeBytes(ascii(" ".repeat(fill)));
        } else if (zeros) {
            out.writeBytes(ascii(sign + "0".repeat(fill)));
            out.writeBytes(body);
        } else {
            out.writeBytes(ascii(" ".repeat(fill) + sign));
            out.writeBytes(body);
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    // ------------------------------------------------------------------ va_list

    private int nextInt() {
        int v = word(next, "argument");
        next += 4;
        return v;
    }

    private long nextLong() {
        next = (next + 7) & ~7;
        long lo = word(next, "argument") & 0xFFFF_FFFFL;
        long hi = word(next + 4, "argument");
        next += 8;
        return hi << 32 | lo;
    }

    private int word(int address, String what) {
        return read(address, what) | read(address + 1, what) << 8 | read(address + 2, what) << 16
                | read(address + 3, what) << 24;
    }

    private int read(int address, String what) {
        try {
            return memory.byteAt(address) & 0xFF;
        } catch (RuntimeException e) {
            throw new UnreadablePrintfArgument(address, what);
        }
    }
}
