package org.rvsimt.isa;

import java.util.List;
import java.util.Locale;

/**
 * The vtype value of vsetvli/vsetivli and its assembly spelling {@code e32, m1, ta, ma} (RVV 1.0
 * section 3.4): vlmul in bits [2:0], vsew [5:3], vta [6], vma [7]; higher bits are reserved.
 */
public final class VectorType {

    /** vlmul encodings 0..7; index 4 is reserved. */
    private static final String[] LMUL = {"m1", "m2", "m4", "m8", null, "mf8", "mf4", "mf2"};
    private static final String[] SEW = {"e8", "e16", "e32", "e64"};

    private VectorType() { }

    /** Selected element width in bits (8 << vsew). */
    public static int sew(int vtype) {
        return 8 << ((vtype >>> 3) & 7);
    }

    /** The vlmul field (0..3 = m1..m8, 5..7 = mf8..mf2). */
    public static int vlmul(int vtype) {
        return vtype & 7;
    }

    public static boolean tailAgnostic(int vtype) {
        return (vtype & 0x40) != 0;
    }

    public static boolean maskAgnostic(int vtype) {
        return (vtype & 0x80) != 0;
    }

    /**
     * True if the value has a symbolic spelling: a defined vsew and vlmul and no reserved bit set. Whether
     * the machine supports it (e64 is illegal under Zve32f) is the engine's business (vill).
     */
    public static boolean isSpellable(int vtype) {
        return (vtype & ~0xFF) == 0 && ((vtype >>> 3) & 7) < SEW.length && LMUL[vtype & 7] != null;
    }

    /** {@code e32, m1, ta, ma} as llvm-objdump prints it, or the decimal value when it has no spelling. */
    public static String format(int vtype) {
        if (!isSpellable(vtype)) {
            return Integer.toString(vtype);
        }
        return SEW[(vtype >>> 3) & 7] + ", " + LMUL[vtype & 7] + ", " + (tailAgnostic(vtype) ? "ta" : "tu") + ", "
                + (maskAgnostic(vtype) ? "ma" : "mu");
    }

    /**
     * Parses the words of a symbolic vtype: an element width, then optionally an LMUL (default m1), a
     * tail policy and a mask policy (default tu, mu, as llvm-mc and GNU as assume).
     *
     * @throws IllegalArgumentException with a message naming the word that is wrong
     */
    public static int parse(List<String> words) {
        if (words.isEmpty() || words.size() > 4) {
            throw new IllegalArgumentException("expected a vtype like 'e32, m1, ta, ma'");
        }
        int sew = indexOf(SEW, words.get(0));
        if (sew < 0) {
            throw new IllegalArgumentException("bad element width '" + words.get(0) + "' (expected e8, e16, e32 or e64)");
        }
        int lmul = 0;
        int next = 1;
        if (next < words.size() && words.get(next).toLowerCase(Locale.ROOT).startsWith("m")
                && !words.get(next).equalsIgnoreCase("ma") && !words.get(next).equalsIgnoreCase("mu")) {
            lmul = indexOf(LMUL, words.get(next));
            if (lmul < 0) {
                throw new IllegalArgumentException("bad LMUL '" + words.get(next) + "' (expected m1, m2, m4, m8, mf2, mf4 or mf8)");
            }
            next++;
        }
        int ta = 0;
        if (next < words.size() && isOneOf(words.get(next), "ta", "tu")) {
            ta = words.get(next).equalsIgnoreCase("ta") ? 1 : 0;
            next++;
        }
        int ma = 0;
        if (next < words.size() && isOneOf(words.get(next), "ma", "mu")) {
            ma = words.get(next).equalsIgnoreCase("ma") ? 1 : 0;
            next++;
        }
        if (next < words.size()) {
            throw new IllegalArgumentException("unexpected '" + words.get(next)
                    + "' in vtype (expected e<sew>[, m<lmul>][, ta|tu][, ma|mu] in that order)");
        }
        return ma << 7 | ta << 6 | sew << 3 | lmul;
    }

    private static boolean isOneOf(String w, String a, String b) {
        return w.equalsIgnoreCase(a) || w.equalsIgnoreCase(b);
    }

    private static int indexOf(String[] names, String w) {
        for (int i = 0; i < names.length; i++) {
            if (names[i] != null && names[i].equalsIgnoreCase(w)) {
                return i;
            }
        }
        return -1;
    }
}
