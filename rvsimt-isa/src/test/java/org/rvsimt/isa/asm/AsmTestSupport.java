package org.rvsimt.isa.asm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.rvsimt.isa.Csrs;
import org.rvsimt.isa.Field;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.Registers;
import org.rvsimt.isa.RoundingMode;
import org.rvsimt.isa.Slot;
import org.rvsimt.isa.VectorType;
import org.rvsimt.isa.decode.Decoder;

/** Shared pieces of the assembler tests: operand generation, external tools, a tiny RV32I evaluator. */
final class AsmTestSupport {

    private AsmTestSupport() { }

    /** One instruction text with the field values it must encode (in {@link InstructionDef#fields()} order). */
    record Case(InstructionDef def, int[] values, String text) { }

    /** How operand text is spelled. */
    enum Style {
        /** Anything the assembler accepts: x/ABI names, mixed case, hex, CSR names incl. custom ones. */
        LOOSE,
        /** What llvm-mc accepts: lower-case ABI names, standard CSR names or numbers. */
        LLVM,
        /**
         * As {@link #LLVM}, with vector registers distinct non-zero multiples of 8: no register group is
         * misaligned or overlaps another or the mask, which llvm-mc rejects.
         */
        LLVM_VECTOR_GROUPS
    }

    private static final int[] RMS = {0, 1, 2, 3, 4, 7};

    /**
     * Operands for {@code def}: variant 0 uses every field's minimum, variant 1 every maximum, other
     * variants random values from {@code rnd}.
     */
    static Case generate(InstructionDef def, int variant, Random rnd, Style style, boolean fenceZeroOk) {
        List<Field> fields = def.fields();
        int[] v = new int[fields.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = value(fields.get(i), variant, rnd, style, fenceZeroOk);
        }
        boolean loose = style == Style.LOOSE;
        StringBuilder sb = new StringBuilder();
        String m = def.mnemonic();
        sb.append(loose && rnd.nextInt(4) == 0 ? m.toUpperCase(Locale.ROOT) : m);
        if (def.ordering()) {
            int aqrl = v[fields.indexOf(Field.AQRL)];
            sb.append(aqrl == 3 ? ".aqrl" : aqrl == 2 ? ".aq" : aqrl == 1 ? ".rl" : "");
        }
        int fi = 0;
        List<Slot> slots = def.slots();
        for (int s = 0; s < slots.size(); s++) {
            Slot slot = slots.get(s);
            if (slot.isMask()) {
                if (v[fi++] == 0) {
                    sb.append(", v0.t");
                }
                continue;
            }
            sb.append(s == 0 ? " " : ", ");
            switch (slot.shape()) {
                case LITERAL -> sb.append(slot.literal());
                case PLAIN -> sb.append(text(slot.value(), v[fi++], rnd, style));
                case MEMORY -> {
                    int off = v[fi++];
                    int base = v[fi++];
                    if (!(off == 0 && loose && rnd.nextBoolean())) {
                        sb.append(text(slot.value(), off, rnd, style));
                    }
                    sb.append('(').append(text(slot.base(), base, rnd, style)).append(')');
                }
                case ADDRESS -> sb.append('(').append(text(slot.base(), v[fi++], rnd, style)).append(')');
            }
        }
        if (def.roundingMode()) {
            int rm = v[fi];
            if (rm != def.defaultRoundingMode() || rnd.nextBoolean()) {   // left out: the default
                String name = RoundingMode.name(rm);
                sb.append(slots.isEmpty() ? " " : ", ").append(loose && rnd.nextInt(5) == 0 ? name.toUpperCase(Locale.ROOT) : name);
            }
        }
        return new Case(def, v, sb.toString());
    }

    private static int value(Field f, int variant, Random rnd, Style style, boolean fenceZeroOk) {
        if (f.valueClass() == Field.ValueClass.VREG && style == Style.LLVM_VECTOR_GROUPS) {
            int slot = f == Field.VS1 ? 1 : f == Field.VS2 ? 2 : 0;
            return 8 * (1 + (slot + variant) % 3);
        }
        switch (f.valueClass()) {
            case ROUNDING -> {
                return variant == 0 ? 0 : variant == 1 ? 7 : RMS[rnd.nextInt(RMS.length)];
            }
            case CSR -> {
                if (variant >= 2 && rnd.nextBoolean()) {
                    List<Integer> named = new ArrayList<>();
                    for (Map.Entry<Integer, String> e : Csrs.all().entrySet()) {
                        if (style == Style.LOOSE || Csrs.isStandardName(e.getKey())) {
                            named.add(e.getKey());
                        }
                    }
                    named.sort(null);
                    return named.get(rnd.nextInt(named.size()));
                }
                return variant == 0 ? 0 : variant == 1 ? 4095 : rnd.nextInt(4096);
            }
            case VTYPE -> {
                // mostly spellable values (reserved bits clear), sometimes any value the field holds
                int max = (int) f.max();
                if (variant == 0 || variant == 1) {
                    return variant == 0 ? 0 : max;
                }
                return rnd.nextInt(4) == 0 ? rnd.nextInt(max + 1) : rnd.nextInt(256);
            }
            case FENCE_SET -> {
                int lo = fenceZeroOk ? 0 : 1;
                return variant == 0 ? lo : variant == 1 ? 15 : lo + rnd.nextInt(16 - lo);
            }
            default -> {
                long min = f.min();
                long max = f.max();
                if (variant == 0) {
                    return (int) min;
                }
                if (variant == 1) {
                    return (int) max;
                }
                long span = max - min + 1;
                long x = min + Math.floorMod(rnd.nextLong(), span);
                if (variant % 3 == 0 && f.valueClass() != Field.ValueClass.XREG && f.valueClass() != Field.ValueClass.FREG) {
                    x = min + Math.floorMod(rnd.nextLong(), Math.min(span, 64)); // small values too
                }
                return (int) (x - Math.floorMod(x, f.alignment()));
            }
        }
    }

    private static String text(Field f, int v, Random rnd, Style style) {
        boolean loose = style == Style.LOOSE;
        return switch (f.valueClass()) {
            case XREG -> loose && rnd.nextBoolean() ? (rnd.nextInt(4) == 0 ? "X" : "x") + v : Registers.xName(v);
            case FREG -> loose && rnd.nextBoolean() ? "f" + v : Registers.fName(v);
            case SIGNED, PCREL -> loose && rnd.nextInt(3) == 0 ? (v < 0 ? "-0x" + Integer.toHexString(-v) : "0x" + Integer.toHexString(v))
                    : Integer.toString(v);
            case UNSIGNED -> rnd.nextBoolean() ? "0x" + Integer.toHexString(v) : Integer.toString(v);
            case CSR -> {
                String name = Csrs.all().get(v);
                boolean useName = name != null && (loose || Csrs.isStandardName(v)) && rnd.nextInt(4) != 0;
                yield useName ? name : rnd.nextBoolean() ? "0x" + Integer.toHexString(v) : Integer.toString(v);
            }
            case FENCE_SET -> fenceText(v);
            case VREG -> (loose && rnd.nextInt(4) == 0 ? "V" : "v") + v;
            case MATRIX_REG -> Registers.mName(v);
            case MATRIX_TILE -> Registers.mName(v);
            case MATRIX_ACC -> Registers.mName(4 + v);
            case VTYPE -> vtypeText(v, rnd, loose);
            case ROUNDING, ORDERING, MASK -> throw new IllegalArgumentException(f.toString());
        };
    }

    /** A vtype value as assembly: the full spelling, one with the defaults (m1, tu, mu) left out, or a number. */
    static String vtypeText(int v, Random rnd, boolean loose) {
        if (!VectorType.isSpellable(v)) {
            return loose && rnd.nextBoolean() ? "0x" + Integer.toHexString(v) : Integer.toString(v);
        }
        String full = VectorType.format(v);
        if (!loose || rnd.nextBoolean()) {
            return full;
        }
        List<String> words = new ArrayList<>(List.of(full.split(", ")));
        if (words.get(3).equals("mu")) {
            words.remove(3);
            if (words.get(2).equals("tu")) {
                words.remove(2);
            }
        }
        if (words.get(1).equals("m1") && words.size() == 2 && rnd.nextBoolean()) {
            words.remove(1);
        }
        return String.join(", ", words);
    }

    static String fenceText(int v) {
        StringBuilder sb = new StringBuilder();
        String letters = "iorw";
        for (int i = 0; i < 4; i++) {
            if ((v & (8 >> i)) != 0) {
                sb.append(letters.charAt(i));
            }
        }
        return sb.isEmpty() ? "0" : sb.toString();
    }

    // ---------------------------------------------------------------- external tools

    /** The first executable among the candidates, or null. */
    static Path tool(String... candidates) {
        for (String c : candidates) {
            Path p = Path.of(c);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    record Run(int exit, String out, String err) { }

    static Run run(List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("rvsimt-asm-test", ".out");
        Path err = Files.createTempFile("rvsimt-asm-test", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("timed out: " + command);
            }
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    // ---------------------------------------------------------------- a tiny evaluator

    /**
     * Runs straight-line integer code from all-zero registers with {@code pc} as the address of the
     * first word, and returns the registers. Supports the instructions that constant and address
     * materialisation use.
     */
    static int[] execute(int[] words, int pc) {
        int[] x = new int[32];
        for (int i = 0; i < words.length; i++) {
            int w = words[i];
            InstructionDef d = Decoder.lookup(w);
            if (d == null) {
                throw new IllegalArgumentException(String.format("illegal word %08x", w));
            }
            int rd = Field.RD.extract(w);
            int a = x[Field.RS1.extract(w)];
            int imm = Field.IMM_I.extract(w);
            int sh = Field.SHAMT.extract(w);
            int r = switch (d.mnemonic()) {
                case "lui" -> Field.IMM_U.extract(w) << 12;
                case "auipc" -> pc + 4 * i + (Field.IMM_U.extract(w) << 12);
                case "addi" -> a + imm;
                case "xori" -> a ^ imm;
                case "ori" -> a | imm;
                case "andi" -> a & imm;
                case "slli" -> a << sh;
                case "srli" -> a >>> sh;
                case "srai" -> a >> sh;
                default -> throw new IllegalArgumentException("not simulated: " + d.mnemonic());
            };
            if (rd != 0) {
                x[rd] = r;
            }
        }
        return x;
    }

    /** rvsimt's words for one line, or null with the rejection noted in {@code problems}. */
    static int[] assembleOrNote(String text, List<String> problems) {
        try {
            return Assembler.assembleLine(text, 0);
        } catch (AsmException e) {
            problems.add(text + ": rvsimt rejects it: " + e.getMessage());
            return null;
        }
    }

    static String hex(int[] words) {
        StringBuilder sb = new StringBuilder("[");
        for (int w : words) {
            sb.append(sb.length() > 1 ? ", " : "").append(String.format("0x%08x", w));
        }
        return sb.append(']').toString();
    }
}
