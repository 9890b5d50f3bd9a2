package org.rvsimt.core.exec.matrix;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rvsimt.core.exec.vector.VectorDecode;

/**
 * The engine's table of matrix instructions (XuanTie RVM in custom-1 = 0x2B, the lead's choice of
 * uop = 10 for the multiply group; docs/isa.md, section XMATRIX): mnemonic, execution kind and
 * function. As for {@link VectorDecode}, the predecoder takes the entry from the declaration's
 * mnemonic, or decodes an undeclared word from its fields:
 * <pre>
 * MM      [31:28] func4  [27:26] uop=10 [25:23] size_sup [22:20] ms2 [19:18] s_size [17:15] ms1
 *         [14:12] 000    [11:10] d_size [9:7] md
 * config  [31:28] func4 (0 mrelease, 1 k, 2 m, 3 n) [27:26] 00 [25] 1 = rs1 / 0 = uimm10 in [24:15]
 *         [11:7] rd
 * ld/st   [31:28] func4 (0 A, 1 B, 2 C) [27:26] 01 [25] 0 load / 1 store [24:20] rs2 (row stride)
 *         [19:15] rs1 (base) [11:10] d_size (element size) [9:7] md / ms3
 * mzero   [27:26] 11, func4 0000, everything but md zero (the spec's misc-group layout is this
 *         implementation's reading; the ISA declaration's mnemonic takes precedence)
 * </pre>
 */
public final class MatrixDecode {
    static final int CONFIG = 0;      // fn 0 release, 1 k, 2 m, 3 n; +4 = immediate form
    static final int LOAD = 1;        // fn = operand (0 A, 1 B, 2 C) * 4 + log2(element bytes)
    public static final int STORE = 2;
    static final int ZERO = 3;
    static final int FMACC = 4;       // fn 0 f32, 1 bf16, 2 e4m3, 3 e5m2
    static final int IMACC = 5;       // fn: bit 0 = A (ms1) signed, bit 1 = B (ms2) signed

    public record Op(String mnemonic, int kind, int fn) { }

    private static final List<Op> OPS = new ArrayList<>();
    private static final Map<String, Integer> BY_NAME = new HashMap<>();
    private static final Map<Integer, Integer> BY_KEY = new HashMap<>();

    static {
        add("mrelease", CONFIG, 0, config(0, true));
        String[] dims = {"k", "m", "n"};
        for (int d = 0; d < 3; d++) {
            add("msettile" + dims[d], CONFIG, d + 1, config(d + 1, true));
            add("msettile" + dims[d] + "i", CONFIG, d + 5, config(d + 1, false));
        }
        String[] operand = {"a", "b", "c"};
        int[] bits = {8, 16, 32};
        for (int o = 0; o < 3; o++) {
            for (int s = 0; s < 3; s++) {
                add("ml" + operand[o] + "e" + bits[s], LOAD, o * 4 + s, 1 << 8 | o << 4 | s);
                add("ms" + operand[o] + "e" + bits[s], STORE, o * 4 + s, 1 << 8 | 1 << 7 | o << 4 | s);
            }
        }
        add("mzero", ZERO, 0, 3 << 8);
        // MM group: key = 2 << 8 | func4 << 7 | size_sup << 4 | s_size << 2 | d_size
        add("mfmacc.s", FMACC, 0, mm(0, 0b000, 0b10, 0b10));
        add("mfmacc.s.bf16", FMACC, 1, mm(0, 0b001, 0b01, 0b10));
        add("mfmacc.s.e4", FMACC, 2, mm(0, 0b001, 0b00, 0b10));
        add("mfmacc.s.e5", FMACC, 3, mm(0, 0b000, 0b00, 0b10));
        add("mmacc.w.b", IMACC, 3, mm(1, 0b011, 0b00, 0b10));
        add("mmaccu.w.b", IMACC, 0, mm(1, 0b000, 0b00, 0b10));
        add("mmaccus.w.b", IMACC, 2, mm(1, 0b001, 0b00, 0b10));   // A unsigned, B signed
        add("mmaccsu.w.b", IMACC, 1, mm(1, 0b010, 0b00, 0b10));   // A signed, B unsigned
    }

    private MatrixDecode() { }

    private static int config(int func4, boolean register) {
        return func4 << 1 | (register ? 1 : 0);
    }

    private static int mm(int func4, int sizeSup, int sSize, int dSize) {
        return 2 << 8 | func4 << 7 | sizeSup << 4 | sSize << 2 | dSize;
    }

    private static void add(String mnemonic, int kind, int fn, int key) {
        BY_NAME.put(mnemonic, OPS.size());
        if (BY_KEY.put(key, OPS.size()) != null) {
            throw new IllegalStateException("two matrix ops with key 0x" + Integer.toHexString(key));
        }
        OPS.add(new Op(mnemonic, kind, fn));
    }

    public static Op op(int id) {
        return OPS.get(id);
    }

    public static int idOf(String mnemonic) {
        return BY_NAME.getOrDefault(mnemonic, -1);
    }

    /** The entry of a custom-1 word, or -1. */
    public static int decode(int w) {
        if ((w & 0x7F) != 0x2B || (w >>> 12 & 7) != 0) {
            return -1;
        }
        int func4 = w >>> 28;
        int uop = w >>> 26 & 3;
        int key = switch (uop) {
            case 0 -> func4 == 0 ? config(0, true) : config(func4, (w >>> 25 & 1) == 1);
            case 1 -> func4 <= 2 && (w >>> 10 & 3) != 3 ? 1 << 8 | (w >>> 25 & 1) << 7 | func4 << 4 | (w >>> 10 & 3)
                    : -1;
            case 2 -> 2 << 8 | (func4 & 1) << 7 | (func4 > 1 ? 0xFF : 0) << 16 | (w >>> 23 & 7) << 4
                    | (w >>> 18 & 3) << 2 | (w >>> 10 & 3);
            default -> func4 == 0 && (w & 0xF3FF_FC00) == 0 ? 3 << 8 : -1;
        };
        return BY_KEY.getOrDefault(key, -1);
    }
}
