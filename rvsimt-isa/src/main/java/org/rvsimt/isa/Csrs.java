package org.rvsimt.isa;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * CSR numbers and names: the standard ones rvsimt implements, and the SIMT id CSRs of the native ABI
 * (numbers follow Vortex; docs/kernel-abi.md).
 *
 * <p>Vector CSRs are RVV 1.0's (riscv-v-spec section 3). Matrix CSRs follow the XuanTie matrix
 * extension specification ({@code spec/csr.adoc} of XUANTIE-RV/riscv-matrix-extension-spec) for 0x802-0x80A; its read-only xmisa/xtlenb/xtrlenb/xalenb
 * (0xCC0-0xCC3 there) collide with the native ABI's Vortex id CSRs, so rvsimt moves them to the
 * free numbers 0xCF0-0xCF3 (read-only, user level).
 */
public final class Csrs {

    public static final int FFLAGS = 0x001;
    public static final int FRM = 0x002;
    public static final int FCSR = 0x003;
    public static final int MSCRATCH = 0x340;
    public static final int MHARTID = 0xF14;
    /** Machine ISA (privileged spec 3.1.1): the extensions of the device. */
    public static final int MISA = 0x301;
    public static final int CYCLE = 0xC00;
    public static final int TIME = 0xC01;
    public static final int INSTRET = 0xC02;
    public static final int CYCLEH = 0xC80;
    public static final int TIMEH = 0xC81;
    public static final int INSTRETH = 0xC82;
    public static final int LANE_ID = 0xCC0;
    public static final int WARP_ID = 0xCC1;
    public static final int CORE_ID = 0xCC2;
    public static final int ACTIVE_WARPS = 0xCC3;
    public static final int THREAD_MASK = 0xCC4;
    public static final int THREAD_ID_X = 0xCD3;
    public static final int BLOCK_ID_X = 0xCD6;
    public static final int BLOCK_DIM_X = 0xCD9;
    public static final int GRID_DIM_X = 0xCDC;
    public static final int SHARED_BASE = 0xCDF;
    public static final int NUM_THREADS = 0xFC0;
    public static final int NUM_WARPS = 0xFC1;
    public static final int NUM_CORES = 0xFC2;

    public static final int VSTART = 0x008;
    public static final int VXSAT = 0x009;
    public static final int VXRM = 0x00A;
    public static final int VCSR = 0x00F;
    public static final int VL = 0xC20;
    public static final int VTYPE = 0xC21;
    public static final int VLENB = 0xC22;

    public static final int XMCSR = 0x802;
    public static final int MTILEM = 0x803;
    public static final int MTILEN = 0x804;
    public static final int MTILEK = 0x805;
    public static final int XMXRM = 0x806;
    public static final int XMSAT = 0x807;
    public static final int XMFFLAGS = 0x808;
    public static final int XMFRM = 0x809;
    public static final int XMSATEN = 0x80A;
    /** Renumbered from XuanTie's 0xCC0-0xCC3 (taken by the native ABI's lane/warp/core/active-warps CSRs). */
    public static final int XMISA = 0xCF0;
    public static final int XTLENB = 0xCF1;
    public static final int XTRLENB = 0xCF2;
    public static final int XALENB = 0xCF3;

    private static final Map<Integer, String> NAMES = new LinkedHashMap<>();
    private static final Map<String, Integer> NUMBERS = new LinkedHashMap<>();
    /** Names LLVM does not know: rvsimt's own and the matrix extension's. */
    private static final java.util.Set<Integer> CUSTOM = new java.util.HashSet<>();

    static {
        name(FFLAGS, "fflags");
        name(FRM, "frm");
        name(FCSR, "fcsr");
        name(CYCLE, "cycle");
        name(TIME, "time");
        name(INSTRET, "instret");
        name(CYCLEH, "cycleh");
        name(TIMEH, "timeh");
        name(INSTRETH, "instreth");
        name(0x300, "mstatus");
        name(0x301, "misa");
        name(0x304, "mie");
        name(0x305, "mtvec");
        name(MSCRATCH, "mscratch");
        name(0x341, "mepc");
        name(0x342, "mcause");
        name(0x343, "mtval");
        name(0x344, "mip");
        name(0xB00, "mcycle");
        name(0xB02, "minstret");
        name(0xF11, "mvendorid");
        name(0xF12, "marchid");
        name(0xF13, "mimpid");
        name(MHARTID, "mhartid");
        name(LANE_ID, "vx_lane_id");
        name(WARP_ID, "vx_warp_id");
        name(CORE_ID, "vx_core_id");
        name(ACTIVE_WARPS, "vx_active_warps");
        name(THREAD_MASK, "vx_thread_mask");
        name(THREAD_ID_X, "vx_tid_x");
        name(THREAD_ID_X + 1, "vx_tid_y");
        name(THREAD_ID_X + 2, "vx_tid_z");
        name(BLOCK_ID_X, "vx_bid_x");
        name(BLOCK_ID_X + 1, "vx_bid_y");
        name(BLOCK_ID_X + 2, "vx_bid_z");
        name(BLOCK_DIM_X, "vx_bdim_x");
        name(BLOCK_DIM_X + 1, "vx_bdim_y");
        name(BLOCK_DIM_X + 2, "vx_bdim_z");
        name(GRID_DIM_X, "vx_gdim_x");
        name(GRID_DIM_X + 1, "vx_gdim_y");
        name(GRID_DIM_X + 2, "vx_gdim_z");
        name(SHARED_BASE, "vx_shared_base");
        name(NUM_THREADS, "vx_num_threads");
        name(NUM_WARPS, "vx_num_warps");
        name(NUM_CORES, "vx_num_cores");
        name(VSTART, "vstart");
        name(VXSAT, "vxsat");
        name(VXRM, "vxrm");
        name(VCSR, "vcsr");
        name(VL, "vl");
        name(VTYPE, "vtype");
        name(VLENB, "vlenb");
        String[] matrix = {"xmcsr", "mtilem", "mtilen", "mtilek", "xmxrm", "xmsat", "xmfflags", "xmfrm", "xmsaten"};
        for (int i = 0; i < matrix.length; i++) {
            name(XMCSR + i, matrix[i]);
            CUSTOM.add(XMCSR + i);
        }
        String[] matrixInfo = {"xmisa", "xtlenb", "xtrlenb", "xalenb"};
        for (int i = 0; i < matrixInfo.length; i++) {
            name(XMISA + i, matrixInfo[i]);
            CUSTOM.add(XMISA + i);
        }
    }

    private Csrs() { }

    private static void name(int number, String name) {
        NAMES.put(number, name);
        NUMBERS.put(name, number);
    }

    /** The CSR's name, or its number in hex when it has none. */
    public static String name(int number) {
        String n = NAMES.get(number);
        return n != null ? n : String.format("0x%x", number);
    }

    /** Number for a CSR name, or -1. */
    public static int number(String name) {
        return NUMBERS.getOrDefault(name.toLowerCase(Locale.ROOT), -1);
    }

    /**
     * The extension a CSR belongs to, when a device may lack it (F's fflags/frm/fcsr, the vector and
     * matrix CSRs); null for the CSRs every device has.
     */
    public static Extension extensionOf(int number) {
        return switch (number) {
            case FFLAGS, FRM, FCSR -> Extension.F;
            case VSTART, VXSAT, VXRM, VCSR, VL, VTYPE, VLENB -> Extension.V;
            case XMCSR, MTILEM, MTILEN, MTILEK, XMXRM, XMSAT, XMFFLAGS, XMFRM, XMSATEN, XMISA, XTLENB, XTRLENB, XALENB ->
                    Extension.XMATRIX;
            default -> null;
        };
    }

    /** True for CSRs that standard LLVM knows by name (used by the llvm-mc cross-check). */
    public static boolean isStandardName(int number) {
        return NAMES.containsKey(number) && !NAMES.get(number).startsWith("vx_") && !CUSTOM.contains(number);
    }

    public static Map<Integer, String> all() {
        return Map.copyOf(NAMES);
    }
}
