package org.rvsimt.isa;

/**
 * One operand position in an instruction's assembly syntax. Most slots hold one field
 * ({@code rd}); a memory slot holds an offset and a base register ({@code imm(rs1)}); an address
 * slot holds only a base register in parentheses ({@code (rs1)}, as the A extension writes it); a
 * literal slot is fixed text that holds no field ({@code v0} in {@code vmerge.vvm vd, vs2, vs1, v0},
 * where the mask register is implied by the encoding but written out, as RVV assembly requires).
 */
public record Slot(Shape shape, Field value, Field base, String literal) {

    public enum Shape { PLAIN, MEMORY, ADDRESS, LITERAL }

    public static Slot plain(Field f) {
        return new Slot(Shape.PLAIN, f, null, null);
    }

    public static Slot memory(Field offset, Field base) {
        return new Slot(Shape.MEMORY, offset, base, null);
    }

    public static Slot address(Field base) {
        return new Slot(Shape.ADDRESS, null, base, null);
    }

    public static Slot literal(String text) {
        return new Slot(Shape.LITERAL, null, null, text);
    }

    /** True for the trailing optional {@code v0.t} of maskable vector instructions. */
    public boolean isMask() {
        return shape == Shape.PLAIN && value == Field.VM;
    }

    /** The fields this slot writes, in syntax order. */
    public java.util.List<Field> fields() {
        return switch (shape) {
            case PLAIN -> java.util.List.of(value);
            case MEMORY -> java.util.List.of(value, base);
            case ADDRESS -> java.util.List.of(base);
            case LITERAL -> java.util.List.of();
        };
    }

    /** The slot as it reads in the table ({@code rd}, {@code imm(rs1)}, {@code (rs1)}). */
    public String text() {
        return write(Slot::name);
    }

    /** The slot written with each field's text from {@code fieldText} ({@code 4(a0)} for a memory slot). */
    public String write(java.util.function.Function<Field, String> fieldText) {
        return switch (shape) {
            case PLAIN -> fieldText.apply(value);
            case MEMORY -> fieldText.apply(value) + "(" + fieldText.apply(base) + ")";
            case ADDRESS -> "(" + fieldText.apply(base) + ")";
            case LITERAL -> literal;
        };
    }

    /** A field's operand name in the table ({@code rd}, {@code imm}, {@code offset}). */
    public static String name(Field f) {
        return switch (f) {
            case IMM_I, IMM_S -> "imm";
            case IMM_B, IMM_J -> "offset";
            case IMM_U -> "imm20";
            case VM -> "v0.t";
            case VTYPEI10, VTYPEI11 -> "vtypei";
            case MD, MD_TILE, MD_ACC -> "md";
            default -> f.name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
