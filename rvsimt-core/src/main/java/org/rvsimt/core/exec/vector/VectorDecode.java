package org.rvsimt.core.exec.vector;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rvsimt.core.semantics.VectorOps;

/**
 * The engine's table of RVV 1.0 instructions: for each one its mnemonic, how {@link VectorUnit}
 * executes it ({@link Op#kind}), its semantic function and operand form. The predecoder finds an
 * instruction's entry by mnemonic (the ISA declaration's {@code "Vector." + mnemonic}) or, for a
 * word the ISA table does not declare, by the word's fields; both must give the same entry, which
 * {@code VectorDecodeTest} checks against llvm-mc's encodings. Field layout: RVV 1.0 chapter 10
 * (OP-V), 7 (loads/stores), 6 (vset*); see docs/isa.md, section V.
 */
public final class VectorDecode {

    // Execution kinds.
    public static final int VSETVLI = 0;
    public static final int VSETIVLI = 1;
    public static final int VSETVL = 2;
    static final int LOAD = 3;
    public static final int STORE = 4;
    static final int INT_BIN = 5;
    static final int INT_CMP = 6;
    static final int INT_MULADD = 7;
    static final int INT_RED = 8;
    static final int MERGE = 9;       // vmerge (vm = 0) / vmv.v (vm = 1), int and fp
    static final int SLIDEUP = 10;
    static final int SLIDEDOWN = 11;
    static final int SLIDE1UP = 12;
    static final int SLIDE1DOWN = 13;
    static final int GATHER = 14;
    static final int MV_X_S = 15;
    static final int MV_S_X = 16;     // vmv.s.x and vfmv.s.f
    static final int FMV_F_S = 17;
    static final int CPOP = 18;
    static final int FIRST = 19;
    static final int MSET_FIRST = 20; // vmsbf (op 0), vmsif (1), vmsof (2)
    static final int IOTA = 21;
    static final int VID = 22;
    static final int MASK_LOGIC = 23;
    static final int WHOLE_MOVE = 24;
    static final int FP_BIN = 25;
    static final int FP_MULADD = 26;
    static final int FP_CMP = 27;
    static final int FP_UNARY = 28;
    static final int FP_RED = 29;     // op 0 unordered sum, 1 ordered sum, 2 min, 3 max

    // Operand forms of the second source.
    static final int VV = 0;
    static final int VX = 1;
    static final int VI = 2;          // simm5
    static final int VIU = 3;         // uimm5 (shifts, slides, vrgather.vi)
    static final int VF = 4;

    /** One instruction: mnemonic, execution kind, semantic function, operand form. */
    public record Op(String mnemonic, int kind, int fn, int operand) { }

    private static final List<Op> OPS = new ArrayList<>();
    private static final Map<String, Integer> BY_NAME = new HashMap<>();
    private static final Map<Integer, Integer> BY_KEY = new HashMap<>();

    private static final int OPIVV = 0;
    private static final int OPFVV = 1;
    private static final int OPMVV = 2;
    private static final int OPIVI = 3;
    private static final int OPIVX = 4;
    private static final int OPFVF = 5;
    private static final int OPMVX = 6;

    static {
        add("vsetvli", VSETVLI, 0, VV, 2 << 24);
        add("vsetivli", VSETIVLI, 0, VV, 2 << 24 | 1);
        add("vsetvl", VSETVL, 0, VV, 2 << 24 | 2);
        memory();
        // OPI group (spec 11, 16): funct6, then which of .vv/.vx/.vi exist.
        opi("vadd", 0b000000, INT_BIN, VectorOps.ADD, "vxi");
        opi("vsub", 0b000010, INT_BIN, VectorOps.SUB, "vx");
        opi("vrsub", 0b000011, INT_BIN, VectorOps.RSUB, "xi");
        opi("vminu", 0b000100, INT_BIN, VectorOps.MINU, "vx");
        opi("vmin", 0b000101, INT_BIN, VectorOps.MIN, "vx");
        opi("vmaxu", 0b000110, INT_BIN, VectorOps.MAXU, "vx");
        opi("vmax", 0b000111, INT_BIN, VectorOps.MAX, "vx");
        opi("vand", 0b001001, INT_BIN, VectorOps.AND, "vxi");
        opi("vor", 0b001010, INT_BIN, VectorOps.OR, "vxi");
        opi("vxor", 0b001011, INT_BIN, VectorOps.XOR, "vxi");
        opi("vrgather", 0b001100, GATHER, 0, "vxu");
        opi("vslideup", 0b001110, SLIDEUP, 0, "xu");
        opi("vslidedown", 0b001111, SLIDEDOWN, 0, "xu");
        opi("vmseq", 0b011000, INT_CMP, VectorOps.SEQ, "vxi");
        opi("vmsne", 0b011001, INT_CMP, VectorOps.SNE, "vxi");
        opi("vmsltu", 0b011010, INT_CMP, VectorOps.SLTU, "vx");
        opi("vmslt", 0b011011, INT_CMP, VectorOps.SLT, "vx");
        opi("vmsleu", 0b011100, INT_CMP, VectorOps.SLEU, "vxi");
        opi("vmsle", 0b011101, INT_CMP, VectorOps.SLE, "vxi");
        opi("vmsgtu", 0b011110, INT_CMP, VectorOps.SGTU, "xi");
        opi("vmsgt", 0b011111, INT_CMP, VectorOps.SGT, "xi");
        opi("vsll", 0b100101, INT_BIN, VectorOps.SLL, "vxu");
        opi("vsrl", 0b101000, INT_BIN, VectorOps.SRL, "vxu");
        opi("vsra", 0b101001, INT_BIN, VectorOps.SRA, "vxu");
        // vmerge.v?m (vm = 0) and vmv.v.? (vm = 1, vs2 = 0) share funct6 010111: the key holds vm.
        add("vmerge.vvm", MERGE, 0, VV, key(OPIVV, 0b010111, 0));
        add("vmerge.vxm", MERGE, 0, VX, key(OPIVX, 0b010111, 0));
        add("vmerge.vim", MERGE, 0, VI, key(OPIVI, 0b010111, 0));
        add("vmv.v.v", MERGE, 0, VV, key(OPIVV, 0b010111, 1));
        add("vmv.v.x", MERGE, 0, VX, key(OPIVX, 0b010111, 1));
        add("vmv.v.i", MERGE, 0, VI, key(OPIVI, 0b010111, 1));
        add("vfmerge.vfm", MERGE, 0, VF, key(OPFVF, 0b010111, 0));
        add("vfmv.v.f", MERGE, 0, VF, key(OPFVF, 0b010111, 1));
        for (int nr : new int[] {1, 2, 4, 8}) {
            add("vmv" + nr + "r.v", WHOLE_MOVE, nr, VI, key(OPIVI, 0b100111, nr - 1));
        }
        // OPM group (spec 11.10-11.13, 14, 15, 16).
        String[] red = {"vredsum", "vredand", "vredor", "vredxor", "vredminu", "vredmin", "vredmaxu", "vredmax"};
        int[] redFn = {VectorOps.ADD, VectorOps.AND, VectorOps.OR, VectorOps.XOR, VectorOps.MINU, VectorOps.MIN,
            VectorOps.MAXU, VectorOps.MAX};
        for (int k = 0; k < red.length; k++) {
            add(red[k] + ".vs", INT_RED, redFn[k], VV, key(OPMVV, k, 0));
        }
        opm("vdivu", 0b100000, INT_BIN, VectorOps.DIVU);
        opm("vdiv", 0b100001, INT_BIN, VectorOps.DIV);
        opm("vremu", 0b100010, INT_BIN, VectorOps.REMU);
        opm("vrem", 0b100011, INT_BIN, VectorOps.REM);
        opm("vmulhu", 0b100100, INT_BIN, VectorOps.MULHU);
        opm("vmul", 0b100101, INT_BIN, VectorOps.MUL);
        opm("vmulhsu", 0b100110, INT_BIN, VectorOps.MULHSU);
        opm("vmulh", 0b100111, INT_BIN, VectorOps.MULH);
        opm("vmadd", 0b101001, INT_MULADD, 2);
        opm("vnmsub", 0b101011, INT_MULADD, 3);
        opm("vmacc", 0b101101, INT_MULADD, 0);
        opm("vnmsac", 0b101111, INT_MULADD, 1);
        add("vslide1up.vx", SLIDE1UP, 0, VX, key(OPMVX, 0b001110, 0));
        add("vslide1down.vx", SLIDE1DOWN, 0, VX, key(OPMVX, 0b001111, 0));
        add("vmv.x.s", MV_X_S, 0, VV, key(OPMVV, 0b010000, 0b00000));
        add("vcpop.m", CPOP, 0, VV, key(OPMVV, 0b010000, 0b10000));
        add("vfirst.m", FIRST, 0, VV, key(OPMVV, 0b010000, 0b10001));
        add("vmv.s.x", MV_S_X, 0, VX, key(OPMVX, 0b010000, 0));
        add("vmsbf.m", MSET_FIRST, 0, VV, key(OPMVV, 0b010100, 0b00001));
        add("vmsof.m", MSET_FIRST, 2, VV, key(OPMVV, 0b010100, 0b00010));
        add("vmsif.m", MSET_FIRST, 1, VV, key(OPMVV, 0b010100, 0b00011));
        add("viota.m", IOTA, 0, VV, key(OPMVV, 0b010100, 0b10000));
        add("vid.v", VID, 0, VV, key(OPMVV, 0b010100, 0b10001));
        String[] ml = {"vmandn", "vmand", "vmor", "vmxor", "vmorn", "vmnand", "vmnor", "vmxnor"};
        for (int k = 0; k < ml.length; k++) {
            add(ml[k] + ".mm", MASK_LOGIC, k, VV, key(OPMVV, 0b011000 + k, 0));
        }
        // OPF group (spec 13, 14.3, 16).
        opf("vfadd", 0b000000, FP_BIN, 0, "vf");
        opf("vfsub", 0b000010, FP_BIN, 1, "vf");
        opf("vfrsub", 0b100111, FP_BIN, 2, "f");
        opf("vfmul", 0b100100, FP_BIN, 3, "vf");
        opf("vfdiv", 0b100000, FP_BIN, 4, "vf");
        opf("vfrdiv", 0b100001, FP_BIN, 5, "f");
        opf("vfmin", 0b000100, FP_BIN, 6, "vf");
        opf("vfmax", 0b000110, FP_BIN, 7, "vf");
        opf("vfsgnj", 0b001000, FP_BIN, 8, "vf");
        opf("vfsgnjn", 0b001001, FP_BIN, 9, "vf");
        opf("vfsgnjx", 0b001010, FP_BIN, 10, "vf");
        String[] fma = {"vfmacc", "vfnmacc", "vfmsac", "vfnmsac", "vfmadd", "vfnmadd", "vfmsub", "vfnmsub"};
        int[] fmaF6 = {0b101100, 0b101101, 0b101110, 0b101111, 0b101000, 0b101001, 0b101010, 0b101011};
        for (int k = 0; k < fma.length; k++) {
            opf(fma[k], fmaF6[k], FP_MULADD, k, "vf");
        }
        opf("vmfeq", 0b011000, FP_CMP, 0, "vf");
        opf("vmfle", 0b011001, FP_CMP, 1, "vf");
        opf("vmflt", 0b011011, FP_CMP, 2, "vf");
        opf("vmfne", 0b011100, FP_CMP, 3, "vf");
        opf("vmfgt", 0b011101, FP_CMP, 4, "f");
        opf("vmfge", 0b011111, FP_CMP, 5, "f");
        add("vfredusum.vs", FP_RED, 0, VV, key(OPFVV, 0b000001, 0));
        add("vfredosum.vs", FP_RED, 1, VV, key(OPFVV, 0b000011, 0));
        add("vfredmin.vs", FP_RED, 2, VV, key(OPFVV, 0b000101, 0));
        add("vfredmax.vs", FP_RED, 3, VV, key(OPFVV, 0b000111, 0));
        add("vfslide1up.vf", SLIDE1UP, 0, VF, key(OPFVF, 0b001110, 0));
        add("vfslide1down.vf", SLIDE1DOWN, 0, VF, key(OPFVF, 0b001111, 0));
        add("vfmv.f.s", FMV_F_S, 0, VV, key(OPFVV, 0b010000, 0));
        add("vfmv.s.f", MV_S_X, 0, VF, key(OPFVF, 0b010000, 0));
        String[] cvt = {"vfcvt.xu.f.v", "vfcvt.x.f.v", "vfcvt.f.xu.v", "vfcvt.f.x.v", null, null,
            "vfcvt.rtz.xu.f.v", "vfcvt.rtz.x.f.v"};
        for (int k = 0; k < cvt.length; k++) {
            if (cvt[k] != null) {
                add(cvt[k], FP_UNARY, k, VV, key(OPFVV, 0b010010, k));
            }
        }
        add("vfsqrt.v", FP_UNARY, 16, VV, key(OPFVV, 0b010011, 0b00000));
        add("vfclass.v", FP_UNARY, 17, VV, key(OPFVV, 0b010011, 0b10000));
    }

    private VectorDecode() { }

    /** Loads and stores (spec 7): unit-stride, strided, indexed, mask, whole-register; EEW 8/16/32. */
    private static void memory() {
        int[] widths = {0b000, 0b101, 0b110};
        int[] eew = {8, 16, 32};
        for (int k = 0; k < 3; k++) {
            int wd = widths[k];
            String e = Integer.toString(eew[k]);
            add("vle" + e + ".v", LOAD, 0, VV, memKey(false, 0, wd, 0));
            add("vse" + e + ".v", STORE, 0, VV, memKey(true, 0, wd, 0));
            add("vlse" + e + ".v", LOAD, 0, VV, memKey(false, 2, wd, 0));
            add("vsse" + e + ".v", STORE, 0, VV, memKey(true, 2, wd, 0));
            add("vluxei" + e + ".v", LOAD, 0, VV, memKey(false, 1, wd, 0));
            add("vloxei" + e + ".v", LOAD, 0, VV, memKey(false, 3, wd, 0));
            add("vsuxei" + e + ".v", STORE, 0, VV, memKey(true, 1, wd, 0));
            add("vsoxei" + e + ".v", STORE, 0, VV, memKey(true, 3, wd, 0));
            for (int nf : new int[] {1, 2, 4, 8}) {
                add("vl" + nf + "re" + e + ".v", LOAD, nf, VV, memKey(false, 0, wd, 0b01000) | (nf - 1) << 4);
            }
        }
        for (int nf : new int[] {1, 2, 4, 8}) {
            add("vs" + nf + "r.v", STORE, nf, VV, memKey(true, 0, 0b000, 0b01000) | (nf - 1) << 4);
        }
        add("vlm.v", LOAD, 0, VV, memKey(false, 0, 0b000, 0b01011));
        add("vsm.v", STORE, 0, VV, memKey(true, 0, 0b000, 0b01011));
    }

    private static int memKey(boolean store, int mop, int width, int lumop) {
        return 1 << 24 | (store ? 1 << 23 : 0) | mop << 20 | width << 16 | lumop << 8;
    }

    private static int key(int category, int funct6, int sub) {
        return category << 16 | funct6 << 8 | sub;
    }

    private static void opi(String name, int funct6, int kind, int fn, String forms) {
        for (char c : forms.toCharArray()) {
            switch (c) {
                case 'v' -> add(name + ".vv", kind, fn, VV, key(OPIVV, funct6, 0));
                case 'x' -> add(name + ".vx", kind, fn, VX, key(OPIVX, funct6, 0));
                case 'i' -> add(name + ".vi", kind, fn, VI, key(OPIVI, funct6, 0));
                default -> add(name + ".vi", kind, fn, VIU, key(OPIVI, funct6, 0));
            }
        }
    }

    private static void opm(String name, int funct6, int kind, int fn) {
        add(name + ".vv", kind, fn, VV, key(OPMVV, funct6, 0));
        add(name + ".vx", kind, fn, VX, key(OPMVX, funct6, 0));
    }

    private static void opf(String name, int funct6, int kind, int fn, String forms) {
        if (forms.contains("v")) {
            add(name + ".vv", kind, fn, VV, key(OPFVV, funct6, 0));
        }
        add(name + ".vf", kind, fn, VF, key(OPFVF, funct6, 0));
    }

    private static void add(String mnemonic, int kind, int fn, int operand, int key) {
        int id = OPS.size();
        OPS.add(new Op(mnemonic, kind, fn, operand));
        BY_NAME.put(mnemonic, id);
        if (BY_KEY.put(key, id) != null) {
            throw new IllegalStateException("two vector ops with key 0x" + Integer.toHexString(key));
        }
    }

    public static Op op(int id) {
        return OPS.get(id);
    }

    static int count() {
        return OPS.size();
    }

    /** The entry for a mnemonic, or -1. */
    public static int idOf(String mnemonic) {
        return BY_NAME.getOrDefault(mnemonic, -1);
    }

    /** The entry of an RVV word, or -1 if it is not one this engine implements. */
    public static int decode(int w) {
        int opcode = w & 0x7F;
        if (opcode == 0x07 || opcode == 0x27) {
            return BY_KEY.getOrDefault(memoryKey(w), -1);
        }
        if (opcode != 0x57) {
            return -1;
        }
        int funct3 = w >>> 12 & 7;
        if (funct3 == 7) {
            return w >>> 31 == 0 ? BY_KEY.get(2 << 24)
                    : w >>> 30 == 3 ? BY_KEY.get(2 << 24 | 1)
                    : (w >>> 25 & 0x3F) == 0 ? BY_KEY.get(2 << 24 | 2) : -1;
        }
        int funct6 = w >>> 26;
        int vm = w >>> 25 & 1;
        int vs1 = w >>> 15 & 31;
        int vs2 = w >>> 20 & 31;
        int category = switch (funct3) {
            case 0 -> OPIVV;
            case 1 -> OPFVV;
            case 2 -> OPMVV;
            case 3 -> OPIVI;
            case 4 -> OPIVX;
            case 5 -> OPFVF;
            default -> OPMVX;
        };
        int sub = 0;
        if (funct6 == 0b010111 && category != OPMVV) {
            sub = vm;               // vmerge / vmv.v: vm selects; vmv.v requires vs2 = 0
            if (vm == 1 && vs2 != 0) {
                return -1;
            }
        } else if (funct6 == 0b100111 && category == OPIVI) {
            sub = vs1;              // vmv<nr>r.v: simm5 = nr - 1
        } else if (funct6 == 0b010000 && (category == OPMVX || category == OPFVF)) {
            sub = vs2;              // vmv.s.x / vfmv.s.f: vs2 = 0
        } else if (funct6 == 0b010000 || funct6 == 0b010100 && category == OPMVV
                || (funct6 == 0b010010 || funct6 == 0b010011) && category == OPFVV) {
            sub = vs1;              // unary groups: vs1 selects the operation
        }
        return BY_KEY.getOrDefault(key(category, funct6, sub), -1);
    }

    private static int memoryKey(int w) {
        boolean store = (w & 0x7F) == 0x27;
        int width = w >>> 12 & 7;
        int mop = w >>> 26 & 3;
        int mew = w >>> 28 & 1;
        int nf = w >>> 29;
        if (mew != 0 || width != 0 && width != 5 && width != 6) {
            return -1;              // scalar FLW/FSW (010) and 64-bit elements (111) are not vector ops here
        }
        if (mop != 0) {
            return nf == 0 ? memKey(store, mop, width, 0) : -1;
        }
        int lumop = w >>> 20 & 31;
        if (lumop == 0b01000) {
            // whole register: nf + 1 in {1, 2, 4, 8}, stores have width 000 only
            return Integer.bitCount(nf + 1) == 1 && (!store || width == 0) ? memKey(store, 0, width, lumop) | nf << 4
                    : -1;
        }
        return nf == 0 && (lumop == 0 || lumop == 0b01011 && width == 0) ? memKey(store, 0, width, lumop) : -1;
    }
}
