package org.rvsimt.isa.asm;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.rvsimt.isa.Alias;
import org.rvsimt.isa.Aliases;
import org.rvsimt.isa.CField;
import org.rvsimt.isa.CompressedDef;
import org.rvsimt.isa.CompressedInstructions;
import org.rvsimt.isa.Csrs;
import org.rvsimt.isa.Field;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.PseudoInstructions;
import org.rvsimt.isa.PseudoInstructions.Expansion;
import org.rvsimt.isa.PseudoInstructions.FieldValue;
import org.rvsimt.isa.PseudoInstructions.Pseudo;
import org.rvsimt.isa.PseudoInstructions.When;
import org.rvsimt.isa.Registers;
import org.rvsimt.isa.RoundingMode;
import org.rvsimt.isa.Slot;
import org.rvsimt.isa.VectorType;
import org.rvsimt.isa.asm.PendingWord.CsrNumber;
import org.rvsimt.isa.asm.PendingWord.Fixed;
import org.rvsimt.isa.asm.PendingWord.Immediate;
import org.rvsimt.isa.asm.PendingWord.Part;
import org.rvsimt.isa.asm.PendingWord.Target;
import org.rvsimt.isa.asm.PendingWord.Value;

/**
 * Turns one instruction statement into instruction words. Declared instructions are handled
 * generically from {@link InstructionDef#slots()}; pseudo-instructions and aliases from their
 * declarations ({@link PseudoInstructions} for several words, {@link Aliases} for one). There is no
 * per-mnemonic code: a name's forms are tried in order (multi-word pseudo-instructions, aliases, the
 * declared instruction) and the first whose operands fit the ones written is taken.
 */
final class Instructions {

    private static final Pattern REGISTER_LIKE = Pattern.compile("(?i)(x|f|a|s|t|fa|fs|ft)[0-9]+");

    private final Assembly asm;

    Instructions(Assembly asm) {
        this.asm = asm;
    }

    /** The words of one instruction or pseudo-instruction. */
    List<PendingWord> assemble(Token head, List<Operand> ops) throws AsmException {
        String m = head.text().toLowerCase(Locale.ROOT);
        CompressedDef c = m.startsWith("c.") ? CompressedInstructions.byMnemonic(m) : null;
        if (c != null) {
            return List.of(compressed(c, head, ops));
        }
        List<Pseudo> pseudos = PseudoInstructions.named(m);
        List<Alias> aliases = Aliases.named(m);
        for (Pseudo p : pseudos) {
            if (fits(p, ops)) {
                return expand(p, head, ops);
            }
        }
        for (Alias a : aliases) {
            if (fits(a.slots(), ops)) {
                return List.of(alias(a, head, ops));
            }
        }
        for (Pseudo p : pseudos) {
            needsTemporary(p, ops);
        }
        InstructionDef def = InstructionSet.byMnemonic(m);
        int aqrl = 0;
        if (def == null) {
            String[] suffixes = {".aqrl", ".aq", ".rl"};
            int[] bits = {3, 2, 1};
            for (int i = 0; i < suffixes.length && def == null; i++) {
                if (m.endsWith(suffixes[i])) {
                    InstructionDef d = InstructionSet.byMnemonic(m.substring(0, m.length() - suffixes[i].length()));
                    if (d != null && d.ordering()) {
                        def = d;
                        aqrl = bits[i];
                    }
                }
            }
        }
        if (def != null) {
            return List.of(declared(def, aqrl, head, ops));     // reports what does not fit
        }
        // No form fits: the first with this many operands reports the operand that is wrong, else the count.
        for (Pseudo p : pseudos) {
            if (p.operands().size() == ops.size()) {
                return expand(p, head, ops);
            }
        }
        for (Alias a : aliases) {
            if (takes(a.slots(), ops.size())) {
                return List.of(alias(a, head, ops));
            }
        }
        if (pseudos.isEmpty() && aliases.isEmpty()) {
            throw asm.error(head, unknownMnemonic(head.text()));
        }
        throw formsCountError(head, ops, pseudos, aliases);
    }

    /** Whether {@code n} operands fit these slots (a trailing {@code v0.t} is optional). */
    private static boolean takes(List<Slot> slots, int n) {
        int k = slots.size();
        return n == k || k > 0 && slots.get(k - 1).isMask() && n == k - 1;
    }

    /**
     * Whether the operands as written fit these slots: their number, a memory operand where the slot is one,
     * a register where the slot takes a register and a value where it takes a value ({@code csrw csr, a0}
     * against {@code csrw csr, 5}). The form taken then reads them strictly and reports bad values.
     */
    private static boolean fits(List<Slot> slots, List<Operand> ops) {
        if (!takes(slots, ops.size())) {
            return false;
        }
        for (int i = 0; i < ops.size(); i++) {
            Slot s = slots.get(i);
            Operand op = ops.get(i);
            boolean ok = switch (s.shape()) {
                case MEMORY, ADDRESS -> op.hasBase();
                case LITERAL -> op.ident() != null && op.ident().equalsIgnoreCase(s.literal());
                case PLAIN -> s.isMask() || !op.hasBase() && takesRegister(s.value().valueClass()) == registerLike(op);
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** Whether the operands fit a multi-word pseudo-instruction's operand kinds (as {@link #fits(List, List)}). */
    private static boolean fits(Pseudo p, List<Operand> ops) {
        if (ops.size() != p.operands().size()) {
            return false;
        }
        for (int i = 0; i < ops.size(); i++) {
            Operand op = ops.get(i);
            boolean register = switch (p.operands().get(i)) {
                case XREG, FREG, TEMP -> true;
                case VALUE, TARGET -> false;
            };
            if (op.hasBase() || registerLike(op) != register) {
                return false;
            }
        }
        return true;
    }

    /**
     * "sw with a symbol needs a temporary register": the operands fit {@code p} but for its temporary,
     * so the declared instruction would report a missing memory operand, which is not what was meant.
     */
    private void needsTemporary(Pseudo p, List<Operand> ops) throws AsmException {
        int temp = p.operands().indexOf(PseudoInstructions.OperandKind.TEMP);
        if (temp < 0 || ops.size() != p.operands().size() - 1) {
            return;
        }
        List<PseudoInstructions.OperandKind> without = new ArrayList<>(p.operands());
        without.remove(temp);
        if (fits(new Pseudo(p.mnemonic(), without, p.syntax(), p.expansions()), ops)) {
            Operand value = ops.get(p.valueOperand());
            throw asm.error(value.first(), p.mnemonic() + " with a symbol needs a temporary register: " + p.mnemonic()
                    + " " + p.syntax());
        }
    }

    private static boolean takesRegister(Field.ValueClass c) {
        return switch (c) {
            case XREG, FREG, VREG, MATRIX_REG, MATRIX_TILE, MATRIX_ACC -> true;
            case SIGNED, UNSIGNED, PCREL, CSR, FENCE_SET, ROUNDING, ORDERING, MASK, VTYPE -> false;
        };
    }

    /** A register name of any file, or a name spelled like one ({@code a9}), which the form then rejects. */
    private static boolean registerLike(Operand op) {
        String id = op.ident();
        return id != null && (Registers.x(id) >= 0 || Registers.f(id) >= 0 || Registers.v(id) >= 0
                || Registers.matrix(id) >= 0 || REGISTER_LIKE.matcher(id).matches());
    }

    /** "wrong number of operands (expected 1 or 2: rs1 | imm(rs1) | rs1, imm)" over every form of a name. */
    private AsmException formsCountError(Token head, List<Operand> ops, List<Pseudo> pseudos, List<Alias> aliases) {
        SortedSet<Integer> counts = new TreeSet<>();
        Set<String> syntaxes = new LinkedHashSet<>();
        for (Pseudo p : pseudos) {
            counts.add(p.operands().size());
            syntaxes.add(p.syntax());
        }
        for (Alias a : aliases) {
            List<Slot> slots = a.slots();
            counts.add(slots.size());
            if (!slots.isEmpty() && slots.get(slots.size() - 1).isMask()) {
                counts.add(slots.size() - 1);
            }
            syntaxes.add(syntaxOf(a.definition()));
        }
        int max = counts.last();
        String expected = counts.stream().map(String::valueOf).reduce((x, y) -> x + " or " + y).orElseThrow();
        String what = max == 0 ? "none" : expected + ": " + String.join(" | ", syntaxes);
        Token at = ops.size() > max ? ops.get(max).first() : head;
        return asm.error(at, "wrong number of operands (expected " + what + ")");
    }

    /** An alias of {@link Aliases}: its base's word with the fixed fields, its operands, and the tied fields. */
    private PendingWord alias(Alias a, Token head, List<Operand> ops) throws AsmException {
        PendingWord w = declared(a.definition(), 0, head, ops);
        List<Part> parts = new ArrayList<>(w.parts());
        for (int i = 0; i < a.tiedFrom().size(); i++) {
            for (Part p : w.parts()) {
                if (p.field() == a.tiedFrom().get(i)) {
                    parts.add(new Part(a.tiedTo().get(i), p.value()));
                }
            }
        }
        return new PendingWord(w.base(), parts, a.base(), w.at());   // the word is one of the base's
    }

    /**
     * A compressed instruction written out ({@code c.lw a0, 4(s0)}): the 32-bit word it expands to, marked
     * so that it is written as that halfword (pass 2 reports operands that do not fit it).
     */
    private PendingWord compressed(CompressedDef c, Token head, List<Operand> ops) throws AsmException {
        List<CompressedDef.Operand> shape = c.operands();
        String syntax = c.syntax().substring(c.mnemonic().length()).trim();
        if (ops.size() != shape.size()) {
            throw countError(head, ops, shape.size(), syntax, -1);
        }
        Map<CField, Value> values = new EnumMap<>(CField.class);
        for (int i = 0; i < shape.size(); i++) {
            CompressedDef.Operand o = shape.get(i);
            Operand op = ops.get(i);
            if (o.field() == null) {
                if (op.ident() == null || Registers.x(op.ident()) != 2) {
                    throw asm.error(op.first(), "expected 'sp' here, got '" + op.text() + "'");
                }
            } else if (o.base() != null || o.spBase()) {
                if (!op.hasBase()) {
                    throw asm.error(op.first(), "expected a memory operand 'offset(register)', got '" + op.text() + "'");
                }
                Operand off = op.offsetPart(asm.lineText(op.first().line()));
                values.put(o.field(), off.size() == 0 ? new Fixed(0) : new Immediate(expr(off), off));
                Token b = op.baseToken();
                int base = xreg(new Operand(List.of(b), b.text()));
                if (o.spBase() && base != 2) {
                    throw asm.error(b, c.mnemonic() + " addresses through sp, got '" + b.text() + "'");
                }
                if (o.base() != null) {
                    values.put(o.base(), new Fixed(base));
                }
            } else {
                values.put(o.field(), switch (o.field().kind()) {
                    case XREG, XREG_C -> new Fixed(xreg(op));
                    case FREG, FREG_C -> new Fixed(freg(op));
                    case PCREL -> new Target(expr(op), op);
                    case SIGNED, UNSIGNED, LUI -> new Immediate(expr(op), op);
                });
            }
        }
        List<Part> parts = new ArrayList<>();
        for (CompressedDef.Part p : c.parts()) {
            parts.add(new Part(p.field(), p.from() == null ? new Fixed(p.constant()) : values.get(p.from())));
        }
        return new PendingWord(c.target().match(), parts, c.target(), c, head);
    }

    // ---------------------------------------------------------------- declared instructions

    private PendingWord declared(InstructionDef def, int aqrl, Token head, List<Operand> ops) throws AsmException {
        List<Slot> slots = def.slots();
        int n = ops.size();
        int k = slots.size();
        Slot last = k == 0 ? null : slots.get(k - 1);
        boolean masked = last != null && last.isMask();
        boolean vtype = last != null && last.shape() == Slot.Shape.PLAIN
                && last.value().valueClass() == Field.ValueClass.VTYPE;
        boolean rmGiven = def.roundingMode() && n == k + 1;
        if (vtype && (n < k || n > k + 3)) {
            throw asm.error(n > k + 3 ? ops.get(k + 3).first() : head, "wrong number of operands (expected "
                    + syntaxOf(def) + ", with the vtype written like 'e32, m1, ta, ma')");
        }
        if (masked && n != k && n != k - 1) {
            throw countError(head, ops, k, syntaxOf(def), k - 1);
        }
        if (!vtype && !masked && n != k && !rmGiven) {
            throw countError(head, ops, def.roundingMode() ? k + 1 : k, syntaxOf(def), def.roundingMode() ? k : -1);
        }
        Word w = new Word(def, head);
        int plainSlots = vtype || masked ? k - 1 : k;
        for (int i = 0; i < plainSlots; i++) {
            slot(w, slots.get(i), ops.get(i));
        }
        if (vtype) {
            w.set(last.value(), vtype(last.value(), ops.subList(k - 1, n)));
        }
        if (masked) {
            w.set(Field.VM, n == k ? mask(ops.get(k - 1)) : 1);
        }
        if (def.roundingMode()) {
            w.set(Field.RM, rmGiven ? roundingMode(ops.get(k)) : def.defaultRoundingMode());
        }
        if (def.ordering()) {
            w.set(Field.AQRL, aqrl);
        }
        return w.done();
    }

    private static String syntaxOf(InstructionDef def) {
        return def.operands(Slot::name, "[, v0.t]").trim() + (def.roundingMode() ? "[, rm]" : "");
    }

    private void slot(Word w, Slot s, Operand op) throws AsmException {
        switch (s.shape()) {
            case PLAIN -> w.set(s.value(), value(s.value(), op));
            case MEMORY -> {
                if (!op.hasBase()) {
                    throw asm.error(op.first(), "expected a memory operand 'offset(register)', got '" + op.text() + "'");
                }
                Operand off = op.offsetPart(asm.lineText(op.first().line()));
                w.set(s.value(), off.size() == 0 ? new Fixed(0) : new Immediate(expr(off), off));
                w.set(s.base(), base(s.base(), op));
            }
            case LITERAL -> {
                if (op.ident() == null || !op.ident().equalsIgnoreCase(s.literal())) {
                    throw asm.error(op.first(), "expected '" + s.literal() + "' here, got '" + op.text() + "'");
                }
            }
            case ADDRESS -> {
                if (!op.hasBase()) {
                    throw asm.error(op.first(), "expected '(register)', got '" + op.text() + "'");
                }
                Operand off = op.offsetPart(asm.lineText(op.first().line()));
                if (off.size() != 0) {
                    Long v = asm.constant(expr(off));
                    if (v == null || v != 0) {
                        throw asm.error(off.first(), "this instruction takes no offset, only '(register)'");
                    }
                }
                w.set(s.base(), base(s.base(), op));
            }
        }
    }

    private Value value(Field f, Operand op) throws AsmException {
        return switch (f.valueClass()) {
            case XREG -> new Fixed(xreg(op));
            case FREG -> new Fixed(freg(op));
            case SIGNED, UNSIGNED -> new Immediate(expr(op), op);
            case PCREL -> new Target(expr(op), op);
            case CSR -> csr(op);
            case FENCE_SET -> new Fixed(fenceSet(op));
            case ROUNDING -> new Fixed(roundingMode(op));
            case VREG -> new Fixed(vreg(op));
            case MASK -> new Fixed(mask(op));
            case MATRIX_REG, MATRIX_TILE, MATRIX_ACC -> new Fixed(matrixReg(f.valueClass(), op));
            case ORDERING, VTYPE -> throw asm.error(op.first(), "unexpected operand");
        };
    }

    /** A vtype: {@code e32, m1, ta, ma} (several operands) or one constant expression. */
    private Value vtype(Field f, List<Operand> words) throws AsmException {
        Operand first = words.get(0);
        String id = first.ident();
        boolean symbolic = id != null && id.toLowerCase(Locale.ROOT).matches("e[0-9]+");
        if (!symbolic && words.size() == 1) {
            return new Immediate(expr(first), first);
        }
        List<String> texts = new ArrayList<>();
        for (Operand o : words) {
            if (o.ident() == null) {
                throw asm.error(o.first(), "bad vtype '" + o.text() + "' (expected e.g. 'e32, m1, ta, ma')");
            }
            texts.add(o.ident());
        }
        try {
            return new Fixed(VectorType.parse(texts));
        } catch (IllegalArgumentException e) {
            // point at the word the message names
            Token at = first.first();
            for (Operand o : words) {
                if (e.getMessage().contains("'" + o.ident() + "'")) {
                    at = o.first();
                    break;
                }
            }
            throw asm.error(at, e.getMessage());
        }
    }

    /** The optional mask operand: only {@code v0.t} exists (vm = 0); leaving it out means unmasked. */
    private int mask(Operand op) throws AsmException {
        if (op.ident() != null && op.ident().equalsIgnoreCase("v0.t")) {
            return 0;
        }
        throw asm.error(op.first(), "expected the mask operand 'v0.t' or nothing, got '" + op.text() + "'");
    }

    int vreg(Operand op) throws AsmException {
        String id = op.ident();
        if (id != null) {
            int r = Registers.v(id);
            if (r >= 0) {
                return r;
            }
            if (id.toLowerCase(Locale.ROOT).matches("v[0-9]+")) {
                throw asm.error(op.first(), "unknown register '" + id + "'");
            }
        }
        throw asm.error(op.first(), "expected a vector register, got '" + op.text() + "'");
    }

    /** A matrix register of the class the field allows; the value is the field's (2- or 3-bit) number. */
    private int matrixReg(Field.ValueClass kind, Operand op) throws AsmException {
        String id = op.ident() == null ? "" : op.ident();
        int tile = Registers.tile(id);
        int acc = Registers.acc(id);
        switch (kind) {
            case MATRIX_TILE -> {
                if (tile >= 0) {
                    return tile;
                }
                throw asm.error(op.first(), "expected a tile register tr0-tr3, got '" + op.text() + "'");
            }
            case MATRIX_ACC -> {
                if (acc >= 0) {
                    return acc;
                }
                throw asm.error(op.first(), "expected an accumulator register acc0-acc3, got '" + op.text() + "'");
            }
            default -> {
                if (Registers.matrix(id) >= 0) {
                    return Registers.matrix(id);
                }
                throw asm.error(op.first(), "expected a matrix register tr0-tr3 or acc0-acc3, got '" + op.text() + "'");
            }
        }
    }

    private Value base(Field f, Operand op) throws AsmException {
        Token b = op.baseToken();
        Operand reg = new Operand(List.of(b), b.text());
        return new Fixed(f.valueClass() == Field.ValueClass.FREG ? freg(reg) : xreg(reg));
    }

    // ---------------------------------------------------------------- operand readers

    int xreg(Operand op) throws AsmException {
        String id = op.ident();
        if (id != null) {
            int r = Registers.x(id);
            if (r >= 0) {
                return r;
            }
            if (Registers.f(id) < 0 && REGISTER_LIKE.matcher(id).matches()) {
                throw asm.error(op.first(), "unknown register '" + id + "'");
            }
        }
        throw asm.error(op.first(), "expected an integer register, got '" + op.text() + "'");
    }

    int freg(Operand op) throws AsmException {
        String id = op.ident();
        if (id != null) {
            int r = Registers.f(id);
            if (r >= 0) {
                return r;
            }
            if (Registers.x(id) < 0 && REGISTER_LIKE.matcher(id).matches()) {
                throw asm.error(op.first(), "unknown register '" + id + "'");
            }
        }
        throw asm.error(op.first(), "expected a floating-point register, got '" + op.text() + "'");
    }

    /** An integer or floating-point register (for {@code .insn}). */
    int anyReg(Operand op) throws AsmException {
        String id = op.ident();
        if (id != null) {
            if (Registers.x(id) >= 0) {
                return Registers.x(id);
            }
            if (Registers.f(id) >= 0) {
                return Registers.f(id);
            }
            if (REGISTER_LIKE.matcher(id).matches()) {
                throw asm.error(op.first(), "unknown register '" + id + "'");
            }
        }
        throw asm.error(op.first(), "expected a register, got '" + op.text() + "'");
    }

    Expr expr(Operand op) throws AsmException {
        String id = op.ident();
        if (id != null && (Registers.x(id) >= 0 || Registers.f(id) >= 0 || Registers.v(id) >= 0
                || Registers.matrix(id) >= 0)) {
            throw asm.error(op.first(), "expected an immediate, got register '" + id + "'");
        }
        return ExprParser.parse(asm, op, asm.localPosition());
    }

    private Value csr(Operand op) throws AsmException {
        String id = op.ident();
        if (id != null) {
            int n = Csrs.number(id);
            if (n >= 0) {
                return new Fixed(n);
            }
            if (Registers.x(id) >= 0 || Registers.f(id) >= 0) {
                throw asm.error(op.first(), "expected a CSR, got register '" + id + "'");
            }
            return new CsrNumber(new Expr.Sym(id, op.first(), "unknown CSR '" + id + "'"), op);
        }
        return new CsrNumber(expr(op), op);
    }

    private int fenceSet(Operand op) throws AsmException {
        String id = op.ident();
        if (id != null) {
            String s = id.toLowerCase(Locale.ROOT);
            int value = 0;
            int last = -1;
            boolean ok = !s.isEmpty();
            for (int i = 0; i < s.length() && ok; i++) {
                int idx = "iorw".indexOf(s.charAt(i));
                ok = idx > last;
                last = idx;
                value |= 8 >> Math.max(idx, 0);
            }
            if (ok) {
                return value;
            }
        } else if (op.size() == 1 && op.first().type() == Token.Type.NUMBER && op.first().text().equals("0")) {
            return 0;
        }
        throw asm.error(op.first(), "bad fence set '" + op.text() + "' (expected letters from 'iorw' in that order, or 0)");
    }

    private int roundingMode(Operand op) throws AsmException {
        String id = op.ident();
        if (id != null && RoundingMode.parse(id) >= 0) {
            return RoundingMode.parse(id);
        }
        if (op.size() == 1 && op.first().type() == Token.Type.NUMBER && op.first().text().matches("[0-7]")) {
            return Integer.parseInt(op.first().text());
        }
        throw asm.error(op.first(), "bad rounding mode '" + op.text() + "' (expected rne, rtz, rdn, rup, rmm or dyn)");
    }

    // ---------------------------------------------------------------- pseudo-instructions

    /**
     * The words of a multi-word pseudo-instruction from its declaration in {@link PseudoInstructions}: of its
     * expansions the first whose condition the value meets.
     */
    private List<PendingWord> expand(Pseudo p, Token head, List<Operand> ops) throws AsmException {
        int[] registers = new int[ops.size()];
        Expr[] values = new Expr[ops.size()];
        for (int i = 0; i < ops.size(); i++) {
            Operand op = ops.get(i);
            switch (p.operands().get(i)) {
                case XREG, TEMP -> registers[i] = xreg(op);
                case FREG -> registers[i] = freg(op);
                case VALUE -> values[i] = expr(op);
                case TARGET -> {
                    Expr e = expr(op);
                    values[i] = e.symbolic() ? e : new Expr.Binary("+", new Expr.Dot(head), e, head); // a number is an offset
                }
            }
        }
        int vi = p.valueOperand();
        Expansion chosen = p.expansions().get(p.expansions().size() - 1);
        Long constant = null;
        if (p.expansions().size() > 1) {
            constant = asm.constant(values[vi]);
            if (constant != null) {
                if (constant < Integer.MIN_VALUE || constant > 0xFFFFFFFFL) {
                    throw asm.error(ops.get(vi).first(), "immediate " + constant + " out of range [" + Integer.MIN_VALUE
                            + ", " + 0xFFFFFFFFL + "]");
                }
                int v = (int) (long) constant;
                for (Expansion x : p.expansions()) {
                    if (applies(x.when(), v)) {
                        chosen = x;
                        break;
                    }
                }
            }
        }
        List<PendingWord> out = new ArrayList<>();
        int hiWord = -1;
        for (int k = 0; k < chosen.words().size(); k++) {
            PseudoInstructions.Word pw = chosen.words().get(k);
            Word w = new Word(pw.instruction(), head);
            for (FieldValue fv : pw.fields()) {
                if (fv.operand() < 0) {
                    w.set(fv.field(), fv.constant());
                } else if (values[fv.operand()] == null) {
                    w.set(fv.field(), registers[fv.operand()]);
                } else {
                    Expr e = values[fv.operand()];
                    Operand op = ops.get(fv.operand());
                    // a value not known yet must still fit 32 bits when %hi/%lo split it
                    Expr e32 = new Expr.Fits32(e, e.at());
                    w.set(fv.field(), switch (fv.relocation()) {
                        case NONE -> constant != null ? new Fixed((int) (long) constant) : new Immediate(e, op);
                        case HI -> constant != null ? new Fixed((int) Expr.hi20((int) (long) constant))
                                : new Immediate(new Expr.HiLo(true, e32, head), op);
                        case LO -> constant != null ? new Fixed((int) Expr.sext12((int) (long) constant))
                                : new Immediate(new Expr.HiLo(false, e32, head), op);
                        case PCREL_HI -> {
                            hiWord = k;
                            yield new Immediate(new Expr.PcRel(true, e, 0, head), op);
                        }
                        // the auipc is always 4 bytes (there is no compressed auipc), the words between too
                        case PCREL_LO -> new Immediate(new Expr.PcRel(false, e, -4 * (k - hiWord), head), op);
                    });
                }
            }
            out.add(w.done());
        }
        return out;
    }

    private static boolean applies(When when, int v) {
        return switch (when) {
            case ALWAYS -> true;
            case FITS_12_BITS -> v >= -2048 && v <= 2047;
            case LOW_12_BITS_ZERO -> Expr.sext12(v) == 0;
        };
    }

    // ---------------------------------------------------------------- errors

    /** "wrong number of operands (expected 3: rd, rs1, rs2)"; {@code min >= 0} gives a range "2 or 3". */
    private AsmException countError(Token head, List<Operand> ops, int max, String syntax, int min) {
        String expected = min >= 0 && min != max ? min + " or " + max : String.valueOf(max);
        String what = max == 0 ? "none" : expected + ": " + syntax;
        Token at = ops.size() > max ? ops.get(max).first() : head;
        return asm.error(at, "wrong number of operands (expected " + what + ")");
    }

    /** "unknown mnemonic 'addii'; did you mean 'addi'?" (edit distance at most 2). */
    static String unknownMnemonic(String text) {
        String m = text.toLowerCase(Locale.ROOT);
        Set<String> candidates = new TreeSet<>(mnemonics());
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        int limit = Math.min(2, Math.max(1, m.length() / 2));
        for (String c : candidates) {
            int d = editDistance(m, c, limit);
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        String msg = "unknown mnemonic '" + text + "'";
        return bestDistance <= limit ? msg + "; did you mean '" + best + "'?" : msg;
    }

    /** Every name the assembler takes: declared, compressed, pseudo-instructions and aliases. */
    static Set<String> mnemonics() {
        Set<String> names = new TreeSet<>();
        InstructionSet.all().forEach(d -> names.add(d.mnemonic()));
        CompressedInstructions.all().forEach(c -> names.add(c.mnemonic()));
        PseudoInstructions.all().forEach(p -> names.add(p.mnemonic()));
        Aliases.all().forEach(a -> names.add(a.mnemonic()));
        return names;
    }

    /** Levenshtein distance, or {@code limit + 1} when it is larger than {@code limit}. */
    static int editDistance(String a, String b, int limit) {
        if (Math.abs(a.length() - b.length()) > limit || a.length() > 64) {
            return limit + 1;
        }
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    // ---------------------------------------------------------------- word builder

    /** Collects the field values of one declared instruction, by field (so slot order cannot be mixed up). */
    private static final class Word {
        private final InstructionDef def;
        private final Token at;
        private final List<Part> parts = new ArrayList<>();

        Word(InstructionDef def, Token at) {
            this.def = def;
            this.at = at;
        }

        Word set(Field f, int value) {
            return set(f, new Fixed(value));
        }

        Word set(Field f, Value v) {
            if (!def.fields().contains(f)) {
                throw new IllegalStateException(def.mnemonic() + " has no field " + f);
            }
            parts.add(new Part(f, v));
            return this;
        }

        PendingWord done() {
            if (parts.size() != def.fields().size()) {
                throw new IllegalStateException(def.mnemonic() + ": " + parts.size() + " of " + def.fields().size()
                        + " fields set");
            }
            return new PendingWord(def.match(), parts, def, at);
        }
    }
}
