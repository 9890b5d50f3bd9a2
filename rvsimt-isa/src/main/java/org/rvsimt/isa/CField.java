package org.rvsimt.isa;

import java.util.ArrayList;
import java.util.List;

/**
 * An operand field of a 16-bit compressed instruction (RISC-V unprivileged specification, chapter
 * "C" Standard Extension for Compressed Instructions, section "Compressed Instruction Formats"). The
 * immediates are scattered over the halfword; each is declared as the spec's tables write it: the
 * halfword bits (high first) and the value bits they hold, e.g. {@code c.j}'s offset is
 * {@code inst[12|11|10:9|8|7|6|5:3|2] = offset[11|4|9:8|10|6|7|3:1|5]}.
 */
public enum CField {
    /** A full x register in bits 11:7 (rd, or rd/rs1 of the CR and CI formats). */
    RD(Kind.XREG, "11:7", "4:0"),
    /** A full x register in bits 6:2 (rs2 of the CR and CSS formats). */
    RS2(Kind.XREG, "6:2", "4:0"),
    /** An f register in bits 11:7 ({@code c.flwsp}). */
    FD(Kind.FREG, "11:7", "4:0"),
    /** An f register in bits 6:2 ({@code c.fswsp}). */
    FS2(Kind.FREG, "6:2", "4:0"),
    /** x8..x15 in bits 9:7 (rs1', or rd'/rs1' of CA and CB). */
    RS1P(Kind.XREG_C, "9:7", "2:0"),
    /** x8..x15 in bits 4:2 (rd' or rs2'). */
    RS2P(Kind.XREG_C, "4:2", "2:0"),
    /** f8..f15 in bits 4:2 ({@code c.flw} rd', {@code c.fsw} rs2'). */
    FS2P(Kind.FREG_C, "4:2", "2:0"),
    /** Signed 6-bit immediate of c.addi, c.li, c.andi. */
    IMM6(Kind.SIGNED, "12|6:2", "5|4:0"),
    /** Shift amount (RV32: bit 12, shamt[5], is fixed to 0 by the declarations). */
    SHAMT(Kind.UNSIGNED, "6:2", "4:0"),
    /** c.lui's nzimm[17:12], read and written as lui's 20-bit immediate (1..31 or 0xfffe0..0xfffff). */
    LUI(Kind.LUI, "12|6:2", "17|16:12"),
    /** c.addi16sp's signed nzimm, a multiple of 16. */
    ADDI16SP(Kind.SIGNED, "12|6|5|4:3|2", "9|4|6|8:7|5"),
    /** c.addi4spn's unsigned nzuimm, a multiple of 4. */
    ADDI4SPN(Kind.UNSIGNED, "12:11|10:7|6|5", "5:4|9:6|2|3"),
    /** Word offset of c.lw, c.sw, c.flw, c.fsw. */
    LW(Kind.UNSIGNED, "12:10|6|5", "5:3|2|6"),
    /** Word offset of c.lwsp and c.flwsp. */
    LWSP(Kind.UNSIGNED, "12|6:4|3:2", "5|4:2|7:6"),
    /** Word offset of c.swsp and c.fswsp. */
    SWSP(Kind.UNSIGNED, "12:9|8:7", "5:2|7:6"),
    /** Jump offset of c.j and c.jal (pc-relative, even). */
    J(Kind.PCREL, "12|11|10:9|8|7|6|5:3|2", "11|4|9:8|10|6|7|3:1|5"),
    /** Branch offset of c.beqz and c.bnez (pc-relative, even). */
    B(Kind.PCREL, "12|11:10|6:5|4:3|2", "8|4:3|7:6|2:1|5");

    /** How a field's value reads in assembly. */
    public enum Kind { XREG, FREG, XREG_C, FREG_C, SIGNED, UNSIGNED, LUI, PCREL }

    private final Kind kind;
    private final int[] instBits;    // halfword bit of each value bit, pairwise with valueBits
    private final int[] valueBits;
    private final int width;         // value bits from 0 to the highest
    private final int lowBit;        // lowest value bit (the scale: a multiple of 1 << lowBit)
    private final int mask;

    CField(Kind kind, String inst, String value) {
        this.kind = kind;
        this.instBits = bits(inst);
        this.valueBits = bits(value);
        if (instBits.length != valueBits.length) {
            throw new IllegalStateException(name() + ": " + inst + " and " + value + " differ in width");
        }
        int hi = 0;
        int lo = 31;
        int m = 0;
        for (int k = 0; k < valueBits.length; k++) {
            hi = Math.max(hi, valueBits[k]);
            lo = Math.min(lo, valueBits[k]);
            m |= 1 << instBits[k];
        }
        this.width = hi + 1;
        this.lowBit = lo;
        this.mask = m;
    }

    /** "12|6:2" as the list of bits 12, 6, 5, 4, 3, 2. */
    private static int[] bits(String spec) {
        List<Integer> out = new ArrayList<>();
        for (String part : spec.split("\\|")) {
            String[] r = part.split(":");
            int hi = Integer.parseInt(r[0]);
            int lo = r.length == 2 ? Integer.parseInt(r[1]) : hi;
            for (int b = hi; b >= lo; b--) {
                out.add(b);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    public Kind kind() {
        return kind;
    }

    public boolean isRegister() {
        return kind == Kind.XREG || kind == Kind.FREG || kind == Kind.XREG_C || kind == Kind.FREG_C;
    }

    public boolean isFloat() {
        return kind == Kind.FREG || kind == Kind.FREG_C;
    }

    /** The halfword bits the field occupies. */
    public int bitMask() {
        return mask;
    }

    /** The field's value in a halfword: a register number (x8..x15 for the 3-bit forms) or the immediate. */
    public int extract(int h) {
        int v = 0;
        for (int k = 0; k < instBits.length; k++) {
            v |= ((h >>> instBits[k]) & 1) << valueBits[k];
        }
        return switch (kind) {
            case XREG_C, FREG_C -> v + 8;
            case SIGNED, PCREL -> (v << (32 - width)) >> (32 - width);
            case LUI -> ((v << (32 - width)) >> (32 - width) >> 12) & 0xFFFFF;
            default -> v;
        };
    }

    /** Writes a value the field {@link #accepts} into its bits of a halfword. */
    public int insert(int h, int value) {
        int v = switch (kind) {
            case XREG_C, FREG_C -> value - 8;
            case LUI -> value << 12;
            default -> value;
        };
        int out = h & ~mask;
        for (int k = 0; k < instBits.length; k++) {
            out |= ((v >>> valueBits[k]) & 1) << instBits[k];
        }
        return out;
    }

    /** True if the field holds the value exactly (range, register subset, scale). */
    public boolean accepts(long value) {
        return switch (kind) {
            case XREG, FREG -> value >= 0 && value < 32;
            case XREG_C, FREG_C -> value >= 8 && value < 16;
            case UNSIGNED -> value >= 0 && value < (1L << width) && (value & ((1L << lowBit) - 1)) == 0;
            case SIGNED, PCREL -> value >= -(1L << (width - 1)) && value < (1L << (width - 1))
                    && (value & ((1L << lowBit) - 1)) == 0;
            // lui's 20-bit immediate whose value << 12 sign-extends from bit 17
            case LUI -> value >= 0 && value <= 0xFFFFF && (value < 32 || value >= 0xFFFE0);
        };
    }

    /** The operand's name in the syntax column of the table. */
    public String text() {
        return switch (this) {
            case RD -> "rd";
            case RS2 -> "rs2";
            case FD -> "fd";
            case FS2 -> "fs2";
            case RS1P -> "rs1'";
            case RS2P -> "rs2'";
            case FS2P -> "fs2'";
            case SHAMT -> "shamt";
            case LUI -> "imm20";
            case J, B -> "offset";
            default -> "imm";
        };
    }
}
