package org.rvsimt.isa;

/**
 * One operand position in an instruction's assembly syntax. Most slots hold one field
 * ({@code rd}); a memory slot holds an offset and a base register ({@code imm(rs1)}); an address
 * slot holds only a base register in parentheses ({@code (rs1)}, as the A extension writes it).
 */
public record Slot(Shape shape, Field value, Field base) {

    public enum Shape { PLAIN, MEMORY, ADDRESS }

    public static Slot plain(Field f) {
        return new Slot(Shape.PLAIN, f, null);
    }

    public static Slot memory(Field offset, Field base) {
        return new Slot(Shape.MEMORY, offset, base);
    }

    public static Slot address(Field base) {
        return new Slot(Shape.ADDRESS, null, base);
    }

    /** The fields this slot writes, in syntax order. */
    public java.util.List<Field> fields() {
        return switch (shape) {
            case PLAIN -> java.util.List.of(value);
            case MEMORY -> java.util.List.of(value, base);
            case ADDRESS -> java.util.List.of(base);
        };
    }

    /** The slot as it reads in the table ({@code rd}, {@code imm(rs1)}, {@code (rs1)}). */
    public String text() {
        return switch (shape) {
            case PLAIN -> name(value);
            case MEMORY -> name(value) + "(" + name(base) + ")";
            case ADDRESS -> "(" + name(base) + ")";
        };
    }

    static String name(Field f) {
        return switch (f) {
            case IMM_I, IMM_S -> "imm";
            case IMM_B, IMM_J -> "offset";
            case IMM_U -> "imm20";
            default -> f.name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
