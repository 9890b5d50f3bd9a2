package org.rvsimt.isa.asm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.rvsimt.isa.CompressedInstructions;
import org.rvsimt.isa.Field;
import org.rvsimt.isa.asm.PendingWord.CsrNumber;
import org.rvsimt.isa.asm.PendingWord.Fixed;
import org.rvsimt.isa.asm.PendingWord.Immediate;
import org.rvsimt.isa.asm.PendingWord.Part;
import org.rvsimt.isa.asm.PendingWord.Target;
import org.rvsimt.isa.asm.Section.Kind;
import org.rvsimt.isa.elf.ElfSection;
import org.rvsimt.isa.elf.ElfSymbolDef;

/**
 * One run of the assembler. Pass 1 reads the statements into sections of items whose sizes are
 * known (operand syntax is checked here); layout gives every section its address; pass 2
 * evaluates the expressions and encodes the words.
 */
final class Assembly {

    private static final int NOP = 0x00000013;
    private static final int C_NOP = 0x0001;
    private static final long MAX_BYTES = 256L << 20;
    private static final long ADDRESS_SPACE = 1L << 32;
    private static final int MAX_ALIGN_LOG2 = 16;
    private static final int MAX_SYMBOL_DEPTH = 400;
    /** Thrown by constant evaluation when a value needs symbols or locations; never escapes. */
    private static final AsmException NOT_CONSTANT = new AsmException("", 0, 0, "not a constant");

    private final String file;
    private final Lexer lexer;
    private final Instructions instructions = new Instructions(this);
    private List<String> lines = List.of();

    private final Map<String, Symbol> symbols = new LinkedHashMap<>();
    private final Map<Integer, List<LocalDef>> locals = new HashMap<>();
    private int localCount;
    private final Map<String, Token> globals = new LinkedHashMap<>();
    private final Map<String, Section> sections = new LinkedHashMap<>();
    private final Deque<Section> sectionStack = new ArrayDeque<>();
    private Section current;
    private Section previous;
    private Token head;
    private boolean singleLine;
    private int symbolDepth;
    private final Map<Long, Expr> pcrelHi = new HashMap<>();
    private final AsmErrorList problems = new AsmErrorList();
    /** Whether instructions are compressed where they can be ({@code .option rvc}, or the options). */
    private boolean rvc;
    private final Deque<Boolean> optionStack = new ArrayDeque<>();
    /** False while layout may still widen instructions: symbol values that depend on labels are not cached. */
    private boolean settled;

    private record LocalDef(int serial, Section section, int anchor) { }

    Assembly(String file) {
        this.file = file == null ? "<input>" : file;
        this.lexer = new Lexer(this.file);
    }

    // ---------------------------------------------------------------- entry points

    /**
     * Assembles a whole file. A statement with an error is left out and the rest is still read, laid
     * out and encoded, so one run finds every error (as GNU as does); they are thrown together, in
     * line order, once both passes are done.
     */
    AssembledProgram assemble(String source, AsmOptions options) throws AsmException {
        lines = lexer.stripComments(source == null ? "" : source);
        current = section(".text", Kind.TEXT, null);
        rvc = options.compressed();
        for (int i = 0; i < lines.size(); i++) {
            List<Token> tokens;
            try {
                tokens = lexer.tokenize(lines.get(i), i + 1);
            } catch (AsmException e) {
                problems.add(e);
                continue;
            }
            int from = 0;
            for (int k = 0; k <= tokens.size(); k++) {
                if (k == tokens.size() || tokens.get(k).is(";")) {
                    if (k > from) {
                        try {
                            statement(tokens.subList(from, k));
                        } catch (AsmException e) {
                            problems.add(e);
                        }
                    }
                    from = k + 1;
                }
            }
        }
        for (Map.Entry<String, Token> g : globals.entrySet()) {
            if (!symbols.containsKey(g.getKey())) {
                problems.add(error(g.getValue(), "global symbol '" + g.getKey() + "' is never defined"));
            }
        }
        try {
            layout(options);
        } catch (AsmException e) {
            problems.add(e);
            problems.throwIfAny(); // without addresses there is nothing more to check
        }
        collectPcrelHi();
        Map<Section, byte[]> contents = new LinkedHashMap<>();
        for (Section s : sections.values()) {
            contents.put(s, emit(s));
        }
        problems.throwIfAny();
        return output(options, contents);
    }

    int[] assembleLine(String text, int pc) throws AsmException {
        singleLine = true;
        lines = lexer.stripComments(text == null ? "" : text);
        current = section(".text", Kind.TEXT, null);
        int statements = 0;
        for (int i = 0; i < lines.size(); i++) {
            List<Token> tokens = lexer.tokenize(lines.get(i), i + 1);
            int from = 0;
            for (int k = 0; k <= tokens.size(); k++) {
                if (k == tokens.size() || tokens.get(k).is(";")) {
                    if (k > from) {
                        if (++statements > 1) {
                            throw error(tokens.get(from), "only one instruction is allowed here");
                        }
                        statement(tokens.subList(from, k));
                    }
                    from = k + 1;
                }
            }
        }
        if (statements == 0 || current.items.isEmpty()) {
            throw errorAt(1, 1, "expected an instruction");
        }
        current.address = Integer.toUnsignedLong(pc);
        settled = true;
        collectPcrelHi();
        byte[] bytes = emit(current);
        int[] words = new int[bytes.length / 4];
        for (int i = 0; i < words.length; i++) {
            words[i] = (bytes[4 * i] & 0xFF) | (bytes[4 * i + 1] & 0xFF) << 8 | (bytes[4 * i + 2] & 0xFF) << 16
                    | (bytes[4 * i + 3] & 0xFF) << 24;
        }
        return words;
    }

    // ---------------------------------------------------------------- errors and helpers

    AsmException error(Token at, String message) {
        Token t = at != null ? at : head;
        return t == null ? errorAt(1, 1, message) : errorAt(t.line(), t.column(), message);
    }

    AsmException errorAt(int line, int column, String message) {
        return new AsmException(file, line, column, message);
    }

    String lineText(int line) {
        return line >= 1 && line <= lines.size() ? lines.get(line - 1) : "";
    }

    /** Numeric labels defined so far: a local reference made now resolves relative to this count. */
    int localPosition() {
        return localCount;
    }

    /** The value if it is known in pass 1 (numbers and earlier {@code .equ} constants), else null. */
    Long constant(Expr e) throws AsmException {
        try {
            return e.eval(new ConstantContext());
        } catch (AsmException x) {
            if (x == NOT_CONSTANT) {
                return null;
            }
            throw x;
        }
    }

    private long requireConstant(Operand op, String what) throws AsmException {
        Long v = constant(instructions.expr(op));
        if (v == null) {
            throw error(op.first(), what + " must be a constant (numbers and symbols set earlier with .equ)");
        }
        return v;
    }

    // ---------------------------------------------------------------- pass 1: statements

    private void statement(List<Token> t) throws AsmException {
        int i = 0;
        head = t.get(0);
        while (i + 1 < t.size() && t.get(i + 1).is(":")
                && (t.get(i).isIdent() || t.get(i).type() == Token.Type.NUMBER)) {
            defineLabel(t.get(i));
            i += 2;
        }
        if (i >= t.size()) {
            return;
        }
        head = t.get(i);
        if (!head.isIdent()) {
            throw error(head, "expected an instruction or directive, got '" + head.text() + "'");
        }
        List<Token> rest = t.subList(i + 1, t.size());
        if (!rest.isEmpty() && rest.get(0).is("=")) {
            if (singleLine) {
                throw error(head, "symbol definitions are not allowed here");
            }
            List<Token> value = rest.subList(1, rest.size());
            if (value.isEmpty()) {
                throw error(rest.get(0), "expected an expression after '='");
            }
            defineEqu(head, new Operand(value, text(value)));
            return;
        }
        String name = head.text();
        if (name.startsWith(".") && name.length() > 1) {
            directive(name.toLowerCase(Locale.ROOT), rest);
        } else {
            instruction(rest);
        }
    }

    private String text(List<Token> tokens) {
        Token a = tokens.get(0);
        Token b = tokens.get(tokens.size() - 1);
        return lineText(a.line()).substring(a.start(), b.end());
    }

    /** Splits operand tokens at top-level commas. */
    private List<Operand> operands(List<Token> rest) throws AsmException {
        return operands(rest, false);
    }

    /** ... where {@code emptyAllowed} (GNU's {@code .balign 8, , 2}), an empty operand is null. */
    private List<Operand> operands(List<Token> rest, boolean emptyAllowed) throws AsmException {
        List<Operand> out = new ArrayList<>();
        if (rest.isEmpty()) {
            return out;
        }
        int depth = 0;
        int from = 0;
        for (int k = 0; k <= rest.size(); k++) {
            Token t = k < rest.size() ? rest.get(k) : null;
            if (t != null && t.is("(")) {
                depth++;
            } else if (t != null && t.is(")")) {
                depth--;
            }
            if (t == null || (t.is(",") && depth <= 0)) {
                if (k == from && emptyAllowed && k > 0) {
                    out.add(null);
                    from = k + 1;
                    continue;
                }
                if (k == from) {
                    Token at = t != null ? t : rest.get(k - 1);
                    throw error(at, t != null && k == 0 ? "missing operand before ','" : "missing operand after ','");
                }
                List<Token> part = rest.subList(from, k);
                out.add(new Operand(part, text(part)));
                from = k + 1;
            }
        }
        return out;
    }

    private void defineLabel(Token t) throws AsmException {
        if (singleLine) {
            throw error(t, "labels are not allowed here");
        }
        if (t.type() == Token.Type.NUMBER) {
            if (!t.text().matches("[0-9]{1,9}")) {
                throw error(t, "bad local label '" + t.text() + "' (local labels are decimal numbers)");
            }
            int n = Integer.parseInt(t.text());
            locals.computeIfAbsent(n, k -> new ArrayList<>()).add(new LocalDef(localCount++, current, current.items.size()));
            return;
        }
        if (t.text().equals(".")) {
            throw error(t, "'.' cannot be a label");
        }
        Symbol old = symbols.get(t.text());
        if (old != null) {
            throw error(t, (old.label ? "duplicate label '" : "symbol '") + t.text() + "'"
                    + (old.label ? " (first defined at line " : " is already defined (at line ") + old.definedAt.line() + ")");
        }
        symbols.put(t.text(), new Symbol(t.text(), true, current, current.items.size(), null, t));
    }

    private void defineEqu(Token name, Operand value) throws AsmException {
        if (!name.isIdent() || name.text().equals(".")) {
            throw error(name, "expected a symbol name, got '" + name.text() + "'");
        }
        Symbol old = symbols.get(name.text());
        if (old != null) {
            throw error(name, "symbol '" + name.text() + "' is already defined (at line " + old.definedAt.line() + ")");
        }
        Expr e = instructions.expr(value);
        symbols.put(name.text(), new Symbol(name.text(), false, current, current.items.size(), e, name));
    }

    private void instruction(List<Token> rest) throws AsmException {
        List<Operand> ops = operands(rest);
        List<PendingWord> words = instructions.assemble(head, ops);
        addCode(words);
    }

    private void addCode(List<PendingWord> words) throws AsmException {
        if (!current.holdsBytes()) {
            throw error(head, "instructions are not allowed in section '" + current.name + "' (it holds no data)");
        }
        // Once a section may hold 2-byte instructions its offsets are only known after layout; their parity is
        // known now (every size that layout may change is even).
        int unit = current.mayHoldHalfwords || rvc ? 2 : 4;
        if (current.size % unit != 0) {
            throw error(head, String.format("instruction at offset 0x%x of section '%s' is not %d-byte aligned"
                    + " (add .align %d before it)", current.size, current.name, unit, unit / 2));
        }
        current.alignment = Math.max(current.alignment, 4);
        int[] widths = new int[words.size()];
        boolean[] relaxable = new boolean[words.size()];
        for (int i = 0; i < words.size(); i++) {
            widths[i] = 4;
            if (words.get(i).written() != null) {
                if (!rvc) {
                    throw error(head, words.get(i).written().mnemonic() + " is a compressed instruction: turn"
                            + " compression on first (.option rvc, or rvsimt asm --march with c)");
                }
                widths[i] = 2;
            } else if (rvc) {
                switch (compression(words.get(i))) {
                    case NONE -> { }
                    case ALWAYS -> widths[i] = 2;
                    case IF_IN_RANGE -> {
                        widths[i] = 2;
                        relaxable[i] = true;
                    }
                }
            }
            current.mayHoldHalfwords |= widths[i] == 2;
        }
        add(new Section.Code(words, widths, relaxable, head));
    }

    /** Whether a word is compressed under {@code .option rvc}, decided from what pass 1 knows. */
    private enum Compression {
        /** No compressed form (or an operand not known until layout, other than a label target). */
        NONE,
        /** Every operand is a constant and the word has a compressed form. */
        ALWAYS,
        /** A branch or jump to a label: compressed while the label is within the compressed range. */
        IF_IN_RANGE
    }

    /**
     * LLVM's rule (its compression patterns' operand predicates): compress when every operand is a
     * constant and fits, or when the only unknown is a branch or jump target written as a bare label;
     * {@code label+4} or {@code .+8} stay 4 bytes.
     */
    private Compression compression(PendingWord w) {
        if (w.def() == null) {
            return Compression.NONE;
        }
        ConstantContext constants = new ConstantContext();
        int word = w.base();
        Part pending = null;
        for (Part p : w.parts()) {
            if (p.value() instanceof Target t && t.expr().symbolic()) {
                if (pending != null || !isBareLabel(t.expr())) {
                    return Compression.NONE;
                }
                pending = p;      // decided at layout; the probe below has offset 0 there
                continue;
            }
            try {
                word = p.field().insert(word, value(p.field(), p.value(), constants, 0));
            } catch (AsmException e) {
                return Compression.NONE;   // not a constant yet, or out of range (which pass 2 reports)
            }
        }
        if (pending == null) {
            return CompressedInstructions.compress(w.def(), word) >= 0 ? Compression.ALWAYS : Compression.NONE;
        }
        // the other operands must allow a compressed form (c.beqz takes x8-x15 and zero only)
        return CompressedInstructions.compress(w.def(), word) >= 0 ? Compression.IF_IN_RANGE : Compression.NONE;
    }

    private static boolean isBareLabel(Expr e) {
        return e instanceof Expr.Sym || e instanceof Expr.LocalRef || e instanceof Expr.Dot;
    }

    private void add(Section.Item item) throws AsmException {
        long end = current.size + item.size(current.size);
        if (current.holdsBytes() ? end > MAX_BYTES : end > ADDRESS_SPACE) {
            throw error(item.at(), "section '" + current.name + "' is too large (over "
                    + (current.holdsBytes() ? "256 MiB" : "4 GiB") + ")");
        }
        current.append(item);
    }

    // ---------------------------------------------------------------- directives

    private static final Pattern IGNORED = Pattern.compile(
            "\\.(type|size|file|ident|attribute|cfi_.*|addrsig.*|loc|hidden|protected|internal|end|"
                    + "variant_cc|frame|nops?)");

    private void directive(String d, List<Token> rest) throws AsmException {
        if (IGNORED.matcher(d).matches()) {
            return;
        }
        if (d.equals(".option")) {
            option(rest);
            return;
        }
        if (singleLine && !d.equals(".insn")) {
            throw error(head, "only an instruction is allowed here");
        }
        switch (d) {
            case ".text" -> switchTo(sectionByName(".text", null, rest));
            case ".data" -> switchTo(sectionByName(".data", null, rest));
            case ".rodata" -> switchTo(sectionByName(".rodata", null, rest));
            case ".bss" -> switchTo(sectionByName(".bss", null, rest));
            case ".section" -> sectionDirective(rest, false);
            case ".pushsection" -> sectionDirective(rest, true);
            case ".popsection" -> {
                noOperands(rest);
                if (sectionStack.isEmpty()) {
                    throw error(head, ".popsection without .pushsection");
                }
                previous = current;
                current = sectionStack.pop();
            }
            case ".previous" -> {
                noOperands(rest);
                if (previous != null) {
                    Section s = current;
                    current = previous;
                    previous = s;
                }
            }
            case ".globl", ".global", ".weak" -> {
                for (Operand op : operands(rest)) {
                    globals.putIfAbsent(symbolName(op), op.first());
                }
            }
            case ".local" -> {
                for (Operand op : operands(rest)) {
                    globals.remove(symbolName(op));
                }
            }
            case ".equ", ".set", ".equiv" -> {
                List<Operand> ops = operands(rest);
                expectCount(ops, 2, "symbol, expression");
                if (ops.get(0).size() != 1) {
                    throw error(ops.get(0).get(1), "expected ',' after the symbol name");
                }
                defineEqu(ops.get(0).first(), ops.get(1));
            }
            case ".byte" -> data(1, rest);
            case ".half", ".2byte", ".short" -> data(2, rest);
            case ".word", ".4byte", ".long", ".int" -> data(4, rest);
            case ".quad", ".8byte", ".dword" -> data(8, rest);
            case ".float", ".single" -> floats(rest, false);
            case ".double" -> floats(rest, true);
            case ".zero" -> {
                List<Operand> ops = operands(rest);
                expectCount(ops, 1, "size");
                add(new Section.Fill(size(ops.get(0)), 0, head));
            }
            case ".space", ".skip" -> {
                List<Operand> ops = operands(rest);
                if (ops.isEmpty() || ops.size() > 2) {
                    throw error(head, "wrong number of operands (expected 1 or 2: size[, fill])");
                }
                long size = size(ops.get(0));
                int fill = ops.size() == 2 ? byteValue(ops.get(1)) : 0;
                add(new Section.Fill(size, fill, head));
            }
            case ".align", ".p2align" -> align(rest, true);
            case ".balign" -> align(rest, false);
            case ".string", ".asciz", ".ascii" -> strings(rest, !d.equals(".ascii"));
            case ".insn" -> insn(rest);
            case ".comm", ".lcomm" -> common(rest, d.equals(".comm"));
            default -> throw error(head, "unknown directive '" + head.text() + "'");
        }
    }

    /**
     * {@code .option rvc/norvc/push/pop} and {@code .option arch, +c/-c} (LLVM's spelling) switch
     * compression; other options ({@code relax}, {@code pic}, ...) mean nothing here and are ignored.
     */
    private void option(List<Token> rest) throws AsmException {
        List<Operand> ops = operands(rest);
        String name = ops.isEmpty() || ops.get(0).ident() == null ? "" : ops.get(0).ident().toLowerCase(Locale.ROOT);
        switch (name) {
            case "rvc" -> rvc = true;
            case "norvc" -> rvc = false;
            case "push" -> optionStack.push(rvc);
            case "pop" -> {
                if (optionStack.isEmpty()) {
                    throw error(head, ".option pop without .option push");
                }
                rvc = optionStack.pop();
            }
            case "arch" -> {
                for (Operand op : ops.subList(1, ops.size())) {
                    String t = op.text().replaceAll("\\s+", "").toLowerCase(Locale.ROOT);
                    if (t.equals("+c")) {
                        rvc = true;
                    } else if (t.equals("-c")) {
                        rvc = false;
                    } else if (t.startsWith("rv32")) {
                        rvc = t.substring(4).split("_")[0].contains("c");  // a full ISA string replaces the set
                    }
                }
            }
            default -> { }
        }
    }

    private void noOperands(List<Token> rest) throws AsmException {
        if (!rest.isEmpty()) {
            throw error(rest.get(0), "unexpected '" + rest.get(0).text() + "' after " + head.text());
        }
    }

    private void expectCount(List<Operand> ops, int n, String syntax) throws AsmException {
        if (ops.size() != n) {
            throw error(ops.size() > n ? ops.get(n).first() : head,
                    "wrong number of operands (expected " + n + ": " + syntax + ")");
        }
    }

    private String symbolName(Operand op) throws AsmException {
        String id = op.ident();
        if (id == null || id.equals(".")) {
            throw error(op.first(), "expected a symbol name, got '" + op.text() + "'");
        }
        return id;
    }

    private void switchTo(Section s) {
        if (s != current) {
            previous = current;
            current = s;
        }
    }

    private Section sectionByName(String name, String flags, List<Token> rest) throws AsmException {
        if (rest != null) {
            noOperands(rest);
        }
        Section s = sections.get(name);
        if (s != null) {
            return s;
        }
        return section(name, kindOf(name, flags), head);
    }

    private Section section(String name, Kind kind, Token at) {
        return sections.computeIfAbsent(name, n -> new Section(n, kind, at));
    }

    private static final Pattern SECTION_NAME = Pattern.compile("[A-Za-z_.$][A-Za-z0-9_.$-]*");

    /** {@code .section NAME[, "flags"[, @type[, ...]]]}. */
    private void sectionDirective(List<Token> rest, boolean push) throws AsmException {
        List<Operand> ops = operands(rest);
        if (ops.isEmpty()) {
            throw error(head, "expected a section name");
        }
        Operand nameOp = ops.get(0);
        String name;
        if (nameOp.size() == 1 && nameOp.first().type() == Token.Type.STRING) {
            name = new String(nameOp.first().bytes(), StandardCharsets.UTF_8);
        } else if (SECTION_NAME.matcher(nameOp.text()).matches()) {
            name = nameOp.text(); // e.g. .note.GNU-stack, which lexes as several tokens
        } else {
            throw error(nameOp.first(), "expected a section name, got '" + nameOp.text() + "'");
        }
        String flags = null;
        boolean nobits = false;
        if (ops.size() >= 2) {
            Operand f = ops.get(1);
            if (f.size() != 1 || f.first().type() != Token.Type.STRING) {
                throw error(f.first(), "expected section flags as a string, e.g. \"ax\", got '" + f.text() + "'");
            }
            flags = new String(f.first().bytes(), StandardCharsets.ISO_8859_1);
        }
        if (ops.size() >= 3) {
            Operand t = ops.get(2);
            if (t.size() != 2 || !(t.get(0).is("@") || t.get(0).is("%")) || !t.get(1).isIdent()) {
                throw error(t.first(), "expected a section type such as @progbits or @nobits, got '" + t.text() + "'");
            }
            nobits = t.get(1).text().equalsIgnoreCase("nobits");
        }
        Section s = sections.get(name);
        if (s == null) {
            Kind k = kindOf(name, flags);
            if (nobits && (k == Kind.DATA || k == Kind.RODATA)) {
                k = Kind.BSS;
            }
            s = section(name, k, head);
        }
        if (push) {
            sectionStack.push(current);
            previous = current;
            current = s;
        } else {
            switchTo(s);
        }
    }

    static Kind kindOf(String name, String flags) {
        if (matches(name, ".text")) {
            return Kind.TEXT;
        }
        if (matches(name, ".rodata") || matches(name, ".srodata")) {
            return Kind.RODATA;
        }
        if (matches(name, ".bss") || matches(name, ".sbss") || matches(name, ".tbss")) {
            return Kind.BSS;
        }
        if (matches(name, ".data") || matches(name, ".sdata") || matches(name, ".tdata")) {
            return Kind.DATA;
        }
        if (flags == null || flags.indexOf('a') < 0) {
            return Kind.OTHER;
        }
        if (flags.indexOf('x') >= 0) {
            return Kind.TEXT;
        }
        return flags.indexOf('w') >= 0 ? Kind.DATA : Kind.RODATA;
    }

    private static boolean matches(String name, String prefix) {
        return name.equals(prefix) || name.startsWith(prefix + ".");
    }

    private void data(int width, List<Token> rest) throws AsmException {
        List<Operand> ops = operands(rest);
        if (ops.isEmpty()) {
            throw error(head, "expected at least one value after " + head.text());
        }
        List<Expr> values = new ArrayList<>();
        for (Operand op : ops) {
            values.add(instructions.expr(op));
        }
        add(new Section.Data(width, values, ops, head));
    }

    private static final Pattern DECIMAL_FLOAT = Pattern.compile(
            "[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?");
    private static final Pattern HEX_FLOAT = Pattern.compile(
            "[+-]?0[xX]([0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+)[pP][+-]?[0-9]+");
    private static final Pattern SPECIAL_FLOAT = Pattern.compile("(?i)[+-]?(inf|infinity|nan)");

    private void floats(List<Token> rest, boolean dbl) throws AsmException {
        List<Operand> ops = operands(rest);
        if (ops.isEmpty()) {
            throw error(head, "expected at least one value after " + head.text());
        }
        byte[] out = new byte[ops.size() * (dbl ? 8 : 4)];
        for (int i = 0; i < ops.size(); i++) {
            String s = ops.get(i).text().replaceAll("\\s+", "");
            long bits;
            boolean negative = s.startsWith("-");
            if (SPECIAL_FLOAT.matcher(s).matches()) {
                boolean nan = s.toLowerCase(Locale.ROOT).endsWith("nan");
                if (dbl) {
                    bits = nan ? 0x7FF8000000000000L : 0x7FF0000000000000L;
                    bits |= negative ? Long.MIN_VALUE : 0;
                } else {
                    bits = nan ? 0x7FC00000L : 0x7F800000L;
                    bits |= negative ? 0x80000000L : 0;
                }
            } else if (DECIMAL_FLOAT.matcher(s).matches() || HEX_FLOAT.matcher(s).matches()) {
                try {
                    bits = dbl ? Double.doubleToRawLongBits(Double.parseDouble(s))
                            : Float.floatToRawIntBits(Float.parseFloat(s)) & 0xFFFFFFFFL;
                } catch (NumberFormatException e) {
                    throw error(ops.get(i).first(), "bad floating-point number '" + ops.get(i).text() + "'");
                }
            } else {
                throw error(ops.get(i).first(), "bad floating-point number '" + ops.get(i).text() + "'");
            }
            int w = dbl ? 8 : 4;
            for (int b = 0; b < w; b++) {
                out[i * w + b] = (byte) (bits >>> (8 * b));
            }
        }
        add(new Section.Bytes(out, head));
    }

    private long size(Operand op) throws AsmException {
        long n = requireConstant(op, "the size");
        if (n < 0) {
            throw error(op.first(), "size " + n + " is negative");
        }
        if (n > ADDRESS_SPACE) {
            throw error(op.first(), "size " + n + " is larger than the address space");
        }
        return n;
    }

    private int byteValue(Operand op) throws AsmException {
        long v = requireConstant(op, "the fill value");
        if (v < -128 || v > 255) {
            throw error(op.first(), "fill value " + v + " does not fit in a byte");
        }
        return (int) v & 0xFF;
    }

    /** {@code .align N}/{@code .p2align N} (2^N bytes, as RISC-V GNU as) and {@code .balign N}. */
    private void align(List<Token> rest, boolean log2) throws AsmException {
        List<Operand> ops = operands(rest, true);
        if (ops.isEmpty() || ops.size() > 3 || ops.get(0) == null) {
            throw error(head, "wrong number of operands (expected 1 to 3: alignment[, fill[, max]])");
        }
        long n = requireConstant(ops.get(0), "the alignment");
        long bytes;
        if (log2) {
            if (n < 0) {
                throw error(ops.get(0).first(), head.text() + " " + n + " is negative");
            }
            if (n > MAX_ALIGN_LOG2) {
                throw error(ops.get(0).first(), head.text() + " " + n + " is too large (maximum " + MAX_ALIGN_LOG2 + ")");
            }
            bytes = 1L << n;
        } else {
            if (n == 0) {
                n = 1;
            }
            if (n < 0 || Long.bitCount(n) != 1) {
                throw error(ops.get(0).first(), "alignment " + n + " is not a power of two");
            }
            if (n > 1L << MAX_ALIGN_LOG2) {
                throw error(ops.get(0).first(), "alignment " + n + " is too large (maximum " + (1 << MAX_ALIGN_LOG2) + ")");
            }
            bytes = n;
        }
        boolean explicitFill = ops.size() >= 2 && ops.get(1) != null;
        int fill = explicitFill ? byteValue(ops.get(1)) : 0;
        long max = ops.size() == 3 && ops.get(2) != null ? requireConstant(ops.get(2), "the maximum padding") : Long.MAX_VALUE;
        long pad = (bytes - current.size % bytes) % bytes;
        if (pad <= max) {
            current.alignment = (int) Math.max(current.alignment, bytes);
        }
        // the padding is measured again at layout, when compressed code before it may have changed size
        // an explicit fill of 0 in code is the code fill too (LLVM: the target's text fill value is 0)
        add(new Section.Align(bytes, fill, max, current.kind == Kind.TEXT && fill == 0, rvc, head));
    }

    private void strings(List<Token> rest, boolean terminate) throws AsmException {
        List<Operand> ops = operands(rest);
        if (ops.isEmpty()) {
            throw error(head, "expected a string after " + head.text());
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (Operand op : ops) {
            if (op.size() != 1 || op.first().type() != Token.Type.STRING) {
                throw error(op.first(), "expected a string, got '" + op.text() + "'");
            }
            out.writeBytes(op.first().bytes());
            if (terminate) {
                out.write(0);
            }
        }
        add(new Section.Bytes(out.toByteArray(), head));
    }

    private void common(List<Token> rest, boolean global) throws AsmException {
        List<Operand> ops = operands(rest);
        if (ops.size() < 2 || ops.size() > 3) {
            throw error(head, "wrong number of operands (expected 2 or 3: symbol, size[, alignment])");
        }
        String name = symbolName(ops.get(0));
        long size = size(ops.get(1));
        long alignment = ops.size() == 3 ? requireConstant(ops.get(2), "the alignment") : Math.min(16, Long.highestOneBit(Math.max(size, 1)));
        if (alignment <= 0 || Long.bitCount(alignment) != 1 || alignment > 1L << MAX_ALIGN_LOG2) {
            throw error(ops.size() == 3 ? ops.get(2).first() : head, "alignment " + alignment + " is not a power of two up to 65536");
        }
        Section saved = current;
        current = section(".bss", Kind.BSS, head);
        current.alignment = (int) Math.max(current.alignment, alignment);
        add(new Section.Align(alignment, 0, Long.MAX_VALUE, false, false, head));
        defineLabel(ops.get(0).first());
        add(new Section.Fill(size, 0, head));
        current = saved;
        if (global) {
            globals.putIfAbsent(name, ops.get(0).first());
        }
    }

    private static final Map<String, Integer> OPCODES = Map.ofEntries(
            // Major opcode names of the unprivileged spec's opcode map (table "RISC-V base opcode map").
            Map.entry("load", 0x03), Map.entry("load_fp", 0x07), Map.entry("custom_0", 0x0B),
            Map.entry("misc_mem", 0x0F), Map.entry("op_imm", 0x13), Map.entry("auipc", 0x17),
            Map.entry("op_imm_32", 0x1B), Map.entry("store", 0x23), Map.entry("store_fp", 0x27),
            Map.entry("custom_1", 0x2B), Map.entry("amo", 0x2F), Map.entry("op", 0x33), Map.entry("lui", 0x37),
            Map.entry("op_32", 0x3B), Map.entry("madd", 0x43), Map.entry("msub", 0x47), Map.entry("nmsub", 0x4B),
            Map.entry("nmadd", 0x4F), Map.entry("op_fp", 0x53), Map.entry("op_v", 0x57), Map.entry("custom_2", 0x5B),
            Map.entry("branch", 0x63), Map.entry("jalr", 0x67), Map.entry("jal", 0x6F), Map.entry("system", 0x73),
            Map.entry("custom_3", 0x7B));

    /**
     * {@code .insn r OPCODE, FUNCT3, FUNCT7, RD, RS1, RS2}, {@code .insn i OPCODE, FUNCT3, RD, RS1, IMM}
     * (or {@code RD, IMM(RS1)}), and {@code .insn WORD}.
     */
    private void insn(List<Token> rest) throws AsmException {
        if (rest.isEmpty()) {
            throw error(head, "expected an instruction format (r or i) or a word after .insn");
        }
        Token format = rest.get(0);
        String f = format.isIdent() ? format.text().toLowerCase(Locale.ROOT) : "";
        if ((f.equals("r") || f.equals("i")) && rest.size() > 1 && !rest.get(1).is(",")) {
            List<Operand> ops = operands(rest.subList(1, rest.size()));
            List<Part> parts = new ArrayList<>();
            int word;
            if (f.equals("r")) {
                expectCount(ops, 6, "opcode, funct3, funct7, rd, rs1, rs2");
                word = opcode(ops.get(0)) | bits(ops.get(1), 7, "funct3") << 12 | bits(ops.get(2), 127, "funct7") << 25;
                parts.add(new Part(Field.RD, new Fixed(instructions.anyReg(ops.get(3)))));
                parts.add(new Part(Field.RS1, new Fixed(instructions.anyReg(ops.get(4)))));
                parts.add(new Part(Field.RS2, new Fixed(instructions.anyReg(ops.get(5)))));
            } else {
                Operand imm;
                int rs1;
                if (ops.size() == 4 && ops.get(3).hasBase()) {
                    imm = ops.get(3).offsetPart(lineText(ops.get(3).first().line()));
                    Token b = ops.get(3).baseToken();
                    rs1 = instructions.anyReg(new Operand(List.of(b), b.text()));
                } else {
                    expectCount(ops, 5, "opcode, funct3, rd, rs1, imm");
                    imm = ops.get(4);
                    rs1 = instructions.anyReg(ops.get(3));
                }
                word = opcode(ops.get(0)) | bits(ops.get(1), 7, "funct3") << 12;
                parts.add(new Part(Field.RD, new Fixed(instructions.anyReg(ops.get(2)))));
                parts.add(new Part(Field.RS1, new Fixed(rs1)));
                parts.add(new Part(Field.IMM_I, imm.size() == 0 ? new Fixed(0)
                        : new Immediate(instructions.expr(imm), imm)));
            }
            addCode(List.of(new PendingWord(word, parts, null, head)));
            return;
        }
        List<Operand> ops = operands(rest);
        expectCount(ops, 1, "word");
        Long v = constant(instructions.expr(ops.get(0)));
        if (v == null || v < Integer.MIN_VALUE || v > 0xFFFFFFFFL || (v & 3) != 3) {
            throw error(ops.get(0).first(), "expected a constant 32-bit instruction word (low two bits 11), got '"
                    + ops.get(0).text() + "'");
        }
        addCode(List.of(new PendingWord((int) (long) v, List.of(), null, head)));
    }

    private int opcode(Operand op) throws AsmException {
        String id = op.ident();
        if (id != null && OPCODES.containsKey(id.toLowerCase(Locale.ROOT))) {
            return OPCODES.get(id.toLowerCase(Locale.ROOT));
        }
        long v = requireConstant(op, "the opcode");
        if (v < 0 || v > 127 || (v & 3) != 3) {
            throw error(op.first(), "opcode " + v + " is not a 32-bit major opcode (0..127 with the low two bits 11)");
        }
        return (int) v;
    }

    private int bits(Operand op, int max, String what) throws AsmException {
        long v = requireConstant(op, what);
        if (v < 0 || v > max) {
            throw error(op.first(), what + " " + v + " out of range [0, " + max + "]");
        }
        return (int) v;
    }

    // ---------------------------------------------------------------- layout

    /**
     * Places the sections. Compressed branches and jumps to labels start 2 bytes long; a pass that finds
     * one whose target is out of the compressed range widens it to 4 bytes, and layout is done again
     * until nothing changes (instructions only grow, so this ends; LLVM's assembler relaxes the same way).
     */
    private void layout(AsmOptions options) throws AsmException {
        if ((options.textAddress() & 3) != 0) {
            throw errorAt(1, 1, String.format("text address 0x%x is not a multiple of 4", options.textAddress()));
        }
        do {
            for (Section s : sections.values()) {
                s.measure();
            }
            place(options);
        } while (widenOutOfRange());
        settled = true;
    }

    private void place(AsmOptions options) throws AsmException {
        long textStart = Integer.toUnsignedLong(options.textAddress());
        long addr = textStart;
        for (Section s : sections.values()) {
            if (s.kind == Kind.TEXT) {
                addr = place(s, addr);
            }
        }
        long textEnd = addr;
        long dataStart = options.dataAddress() != -1 ? Integer.toUnsignedLong(options.dataAddress()) : alignUp(textEnd, 16);
        addr = dataStart;
        Section firstData = null;
        for (Kind k : new Kind[] {Kind.RODATA, Kind.DATA, Kind.BSS}) {
            for (Section s : sections.values()) {
                if (s.kind == k) {
                    if (firstData == null && s.size > 0) {
                        firstData = s;
                    }
                    addr = place(s, addr);
                }
            }
        }
        long dataEnd = addr;
        if (firstData != null && textEnd > textStart && dataStart < textEnd && textStart < dataEnd) {
            throw error(firstData.firstToken, String.format("data at [0x%x, 0x%x) overlaps the text at [0x%x, 0x%x)",
                    dataStart, dataEnd, textStart, textEnd));
        }
    }

    /** Widens every compressed branch or jump whose target is out of its range now; true if any was. */
    private boolean widenOutOfRange() {
        boolean changed = false;
        Pass2 ctx = new Pass2();
        for (Section s : sections.values()) {
            for (int i = 0; i < s.items.size(); i++) {
                if (!(s.items.get(i) instanceof Section.Code c)) {
                    continue;
                }
                for (int k = 0; k < c.words().size(); k++) {
                    if (!c.relaxable()[k] || c.widths()[k] != 2) {
                        continue;
                    }
                    ctx.dot = s.address + s.offsetOf(i);
                    ctx.pc = ctx.dot + c.wordOffset(k);
                    PendingWord w = c.words().get(k);
                    try {
                        if (CompressedInstructions.compress(w.def(), encode(w, ctx)) < 0) {
                            c.widths()[k] = 4;
                            changed = true;
                        }
                    } catch (AsmException e) {
                        // an undefined label or a target out of even the 4-byte range: pass 2 reports it
                    }
                }
            }
        }
        return changed;
    }

    private long place(Section s, long addr) throws AsmException {
        long a = alignUp(addr, s.alignment);
        if (a + s.size > ADDRESS_SPACE) {
            throw error(s.firstToken, "section '" + s.name + "' does not fit in the 32-bit address space");
        }
        s.address = a;
        return a + s.size;
    }

    private static long alignUp(long v, long a) {
        return (v + a - 1) / a * a;
    }

    /** Addresses of auipc words whose offset is {@code %pcrel_hi(...)}, for {@code %pcrel_lo(label)}. */
    private void collectPcrelHi() {
        for (Section s : sections.values()) {
            for (int index = 0; index < s.items.size(); index++) {
                if (s.items.get(index) instanceof Section.Code c) {
                    for (int i = 0; i < c.words().size(); i++) {
                        for (Part p : c.words().get(i).parts()) {
                            if (p.field() == Field.IMM_U && p.value() instanceof Immediate imm
                                    && imm.expr() instanceof Expr.PcRel r && r.hi() && r.baseDelta() == 0) {
                                pcrelHi.putIfAbsent(s.address + s.offsetOf(index) + c.wordOffset(i), r.target());
                            }
                        }
                    }
                }
            }
        }
    }

    // ---------------------------------------------------------------- pass 2

    /** Pass 2 of one section; errors are collected item by item (the single-line mode throws the first). */
    private byte[] emit(Section s) throws AsmException {
        byte[] out = s.holdsBytes() ? new byte[(int) s.size] : null;
        Pass2 ctx = new Pass2();
        for (int i = 0; i < s.items.size(); i++) {
            try {
                emit(s, i, out, ctx);
            } catch (AsmException e) {
                if (singleLine) {
                    throw e;
                }
                problems.add(e);
            }
        }
        return out;
    }

    private void emit(Section s, int index, byte[] out, Pass2 ctx) throws AsmException {
        Section.Item item = s.items.get(index);
        long offset = s.offsetOf(index);
        long address = s.address + offset;
        long size = item.size(offset);
        if (s.kind == Kind.OTHER) {
            return;
        }
        int fillValue = item instanceof Section.Fill f ? f.fill() : item instanceof Section.Align a ? a.fill() : -1;
        if (fillValue >= 0 && (out == null || size == 0)) {
            if (out == null && fillValue != 0) {
                throw error(item.at(), "non-zero fill in section '" + s.name + "' (it holds no data)");
            }
            return;
        }
        byte[] target = out != null ? out : new byte[(int) size];
        int base = out != null ? (int) offset : 0;
        switch (item) {
            case Section.Code c -> {
                int at = base;
                for (int i = 0; i < c.words().size(); i++) {
                    ctx.dot = address;
                    ctx.pc = address + (at - base);
                    PendingWord w = c.words().get(i);
                    int word = encode(w, ctx);
                    if (w.written() != null) {
                        int half = w.written().compress(w.def(), word);
                        if (half < 0) {
                            throw error(w.at(), "the operands do not fit " + w.written().mnemonic() + " (" + w.written().syntax()
                                    + ": primed registers are x8-x15 or f8-f15, immediates and offsets in the compressed"
                                    + " range, no zero where reserved)");
                        }
                        put(target, at, 2, half);
                    } else if (c.widths()[i] == 2) {
                        int half = CompressedInstructions.compress(w.def(), word);
                        if (half < 0) {
                            throw new IllegalStateException("a word chosen for compression has no compressed form: "
                                    + Integer.toHexString(word));
                        }
                        put(target, at, 2, half);
                    } else {
                        put(target, at, 4, word);
                    }
                    at += c.widths()[i];
                }
            }
            case Section.Data d -> {
                for (int i = 0; i < d.values().size(); i++) {
                    ctx.dot = address + (long) i * d.width();
                    ctx.pc = ctx.dot;
                    long v = d.values().get(i).eval(ctx);
                    checkWidth(v, d.width(), d.operands().get(i));
                    put(target, base + i * d.width(), d.width(), v);
                }
            }
            case Section.Bytes b -> System.arraycopy(b.bytes(), 0, target, base, b.bytes().length);
            case Section.Fill f -> Arrays.fill(target, base, base + (int) size, (byte) f.fill());
            case Section.Align a -> {
                if (a.code()) {
                    nops(target, base, (int) size, a.rvc());
                } else {
                    Arrays.fill(target, base, base + (int) size, (byte) a.fill());
                }
            }
        }
        if (out == null) {
            for (byte b : target) {
                if (b != 0) {
                    throw error(item.at(), "non-zero data in section '" + s.name + "' (it holds no data)");
                }
            }
        }
    }

    /**
     * Code padding as LLVM's RISC-V backend writes it (and GNU as): a zero byte if the size is odd, then
     * a 2-byte {@code c.nop} ({@code rvc}) or two zero bytes if 2 are left over, then 4-byte {@code nop}s.
     */
    private static void nops(byte[] out, int from, int size, boolean rvc) {
        int at = from;
        int left = size;
        if (left % 2 != 0) {
            out[at++] = 0;
            left--;
        }
        if (left % 4 == 2) {
            put(out, at, 2, rvc ? C_NOP : 0);
            at += 2;
            left -= 2;
        }
        for (; left >= 4; left -= 4, at += 4) {
            put(out, at, 4, NOP);
        }
    }

    private static void put(byte[] out, int at, int width, long v) {
        for (int b = 0; b < width; b++) {
            out[at + b] = (byte) (v >>> (8 * b));
        }
    }

    private void checkWidth(long v, int width, Operand op) throws AsmException {
        if (width == 8) {
            return;
        }
        long min = -(1L << (8 * width - 1));
        long max = (1L << (8 * width)) - 1;
        if (v < min || v > max) {
            String what = width == 1 ? "a byte" : width == 2 ? "16 bits" : "32 bits";
            throw error(op.first(), "value " + v + " does not fit in " + what + " (range [" + min + ", " + max + "])");
        }
    }

    private int encode(PendingWord w, Pass2 ctx) throws AsmException {
        int word = w.base();
        for (Part p : w.parts()) {
            word = p.field().insert(word, value(p.field(), p.value(), ctx, ctx.pc));
        }
        return word;
    }

    /** A field's value; {@code pc} is the word's address (for a branch or jump to a label). */
    private int value(Field f, PendingWord.Value v, Expr.Context ctx, long pc) throws AsmException {
        switch (v) {
            case Fixed x -> {
                return x.value();
            }
            case Immediate imm -> {
                long x = imm.expr().eval(ctx);
                if (!f.accepts(x)) {
                    throw error(imm.operand().first(), "immediate " + x + " out of range [" + f.min() + ", " + f.max() + "]");
                }
                return (int) x;
            }
            case CsrNumber c -> {
                long x = c.expr().eval(ctx);
                if (!f.accepts(x)) {
                    throw error(c.operand().first(), "CSR number " + x + " out of range [" + f.min() + ", " + f.max() + "]");
                }
                return (int) x;
            }
            case Target t -> {
                return offset(f, t, ctx, pc);
            }
        }
    }

    private int offset(Field f, Target t, Expr.Context ctx, long pc) throws AsmException {
        long x = t.expr().eval(ctx);
        boolean branch = f == Field.IMM_B;
        Token at = t.operand().first();
        String text = t.operand().text();
        if (t.expr().symbolic()) {
            long off = (int) (x - pc);
            if (off % f.alignment() != 0) {
                throw error(at, "misaligned target '" + text + "' (offset " + off + " is not a multiple of " + f.alignment() + ")");
            }
            if (!f.accepts(off)) {
                throw error(at, (branch ? "branch" : "jump") + " target '" + text + "' is " + off + " bytes away (range "
                        + (branch ? "±4 KiB)" : "±1 MiB)"));
            }
            return (int) off;
        }
        if (x < Integer.MIN_VALUE || x > 0xFFFFFFFFL) {
            throw error(at, (branch ? "branch" : "jump") + " offset " + x + " out of range [" + f.min() + ", " + f.max() + "]");
        }
        long off = (int) x; // 0xfffffffc (as objdump prints a target at pc 0) is offset -4
        if (off % f.alignment() != 0) {
            throw error(at, "misaligned offset " + off + " (must be a multiple of " + f.alignment() + ")");
        }
        if (!f.accepts(off)) {
            throw error(at, (branch ? "branch" : "jump") + " offset " + off + " out of range [" + f.min() + ", " + f.max() + "]");
        }
        return (int) off;
    }

    private long symbolValue(Symbol s, Token at) throws AsmException {
        if (s.label) {
            return s.section.kind == Kind.OTHER ? s.offset() : s.section.address + s.offset();
        }
        if (s.value != null) {
            return s.value;
        }
        if (s.resolving) {
            throw error(at, "symbol '" + s.name + "' is defined in terms of itself");
        }
        if (symbolDepth >= MAX_SYMBOL_DEPTH) {
            throw error(at, "symbol definitions are nested too deeply (at '" + s.name + "')");
        }
        symbolDepth++;
        s.resolving = true;
        try {
            Pass2 ctx = new Pass2();
            ctx.dot = s.section.address + s.offset();
            ctx.pc = ctx.dot;
            long v = s.expr.eval(ctx);
            if (settled) {
                s.value = v;   // before that, a value made of labels may still move
            }
            return v;
        } finally {
            s.resolving = false;
            symbolDepth--;
        }
    }

    private long local(Expr.LocalRef r) throws AsmException {
        List<LocalDef> defs = locals.get(r.number());
        LocalDef found = null;
        if (defs != null) {
            for (LocalDef d : defs) {
                if (r.backward() ? d.serial() < r.position() : d.serial() >= r.position()) {
                    if (r.backward() || found == null) {
                        found = d;
                    }
                    if (!r.backward()) {
                        break;
                    }
                }
            }
        }
        if (found == null) {
            throw error(r.at(), "local label '" + r.at().text() + "' has no definition "
                    + (r.backward() ? "before" : "after") + " line " + r.at().line());
        }
        long offset = found.section().offsetOf(found.anchor());
        return found.section().kind == Kind.OTHER ? offset : found.section().address + offset;
    }

    /** Pass-2 evaluation: every symbol and location is known. */
    private final class Pass2 implements Expr.Context {
        long dot;
        long pc;

        @Override
        public long symbol(Expr.Sym s) throws AsmException {
            Symbol sym = symbols.get(s.name());
            if (sym == null) {
                throw error(s.at(), s.undefinedMessage() != null ? s.undefinedMessage() : "undefined symbol '" + s.name() + "'");
            }
            return symbolValue(sym, s.at());
        }

        @Override
        public long local(Expr.LocalRef r) throws AsmException {
            return Assembly.this.local(r);
        }

        @Override
        public long dot(Token at) {
            return dot;
        }

        @Override
        public long pc(Token at) {
            return pc;
        }

        @Override
        public long pcrelLo(long address, Token at, String label) throws AsmException {
            Expr target = pcrelHi.get(address);
            if (target == null) {
                throw error(at, "%pcrel_lo(" + label + "): '" + label + "' is not the label of an auipc with %pcrel_hi");
            }
            Pass2 c = new Pass2();
            c.dot = address;
            c.pc = address;
            long offset = (int) (target.eval(c) - address);
            return Expr.sext12(offset);
        }

        @Override
        public AsmException error(Token at, String message) {
            return Assembly.this.error(at, message);
        }
    }

    /** Pass-1 evaluation: only numbers and {@code .equ} constants defined so far. */
    private final class ConstantContext implements Expr.Context {
        @Override
        public long symbol(Expr.Sym s) throws AsmException {
            Symbol sym = symbols.get(s.name());
            if (sym == null || sym.label) {
                throw NOT_CONSTANT;
            }
            if (sym.value != null) {
                return sym.value;
            }
            if (sym.resolving) {
                throw error(s.at(), "symbol '" + sym.name + "' is defined in terms of itself");
            }
            if (symbolDepth >= MAX_SYMBOL_DEPTH) {
                throw error(s.at(), "symbol definitions are nested too deeply (at '" + sym.name + "')");
            }
            symbolDepth++;
            sym.resolving = true;
            try {
                long v = sym.expr.eval(this);
                sym.value = v;
                return v;
            } finally {
                sym.resolving = false;
                symbolDepth--;
            }
        }

        @Override
        public long local(Expr.LocalRef r) throws AsmException {
            throw NOT_CONSTANT;
        }

        @Override
        public long dot(Token at) throws AsmException {
            throw NOT_CONSTANT;
        }

        @Override
        public long pc(Token at) throws AsmException {
            throw NOT_CONSTANT;
        }

        @Override
        public long pcrelLo(long address, Token at, String label) throws AsmException {
            throw NOT_CONSTANT;
        }

        @Override
        public AsmException error(Token at, String message) {
            return Assembly.this.error(at, message);
        }
    }

    // ---------------------------------------------------------------- output

    private AssembledProgram output(AsmOptions options, Map<Section, byte[]> contents) throws AsmException {
        List<ElfSection> out = new ArrayList<>();
        for (Kind k : new Kind[] {Kind.TEXT, Kind.RODATA, Kind.DATA, Kind.BSS}) {
            List<Section> group = new ArrayList<>();
            for (Section s : sections.values()) {
                if (s.kind == k && (s.size > 0 || k == Kind.TEXT)) {
                    group.add(s);
                }
            }
            if (group.isEmpty()) {
                continue;
            }
            long start = group.get(0).address;
            Section last = group.get(group.size() - 1);
            long end = last.address + last.size;
            if (k == Kind.BSS) {
                out.add(ElfSection.bss(k.outputName, (int) start, (int) (end - start)));
                continue;
            }
            byte[] data = new byte[(int) (end - start)];
            long prevEnd = start;
            for (Section s : group) {
                if (k == Kind.TEXT && s.address > prevEnd) {
                    nops(data, (int) (prevEnd - start), (int) (s.address - prevEnd), false);
                }
                byte[] c = contents.get(s);
                System.arraycopy(c, 0, data, (int) (s.address - start), c.length);
                prevEnd = s.address + s.size;
            }
            out.add(switch (k) {
                case TEXT -> ElfSection.text(k.outputName, (int) start, data);
                case RODATA -> ElfSection.rodata(k.outputName, (int) start, data);
                default -> ElfSection.data(k.outputName, (int) start, data);
            });
        }
        List<ElfSymbolDef> syms = new ArrayList<>();
        Integer entry = null;
        Integer firstGlobalText = null;
        for (Symbol s : symbols.values()) {
            long v = symbolValue(s, s.definedAt);
            boolean global = globals.containsKey(s.name);
            boolean text = s.label && s.section.kind == Kind.TEXT;
            if (s.name.equals("_start")) {
                entry = (int) v;
            }
            if (global && text && firstGlobalText == null) {
                firstGlobalText = (int) v;
            }
            if (s.name.startsWith(".L") && !global) {
                continue;
            }
            String section = s.label && s.section.kind != Kind.OTHER && hasOutput(out, s.section.kind.outputName)
                    ? s.section.kind.outputName : null;
            syms.add(new ElfSymbolDef(s.name, (int) v, section, global, text));
        }
        int e = entry != null ? entry : firstGlobalText != null ? firstGlobalText : options.textAddress();
        return new AssembledProgram(e, out, syms);
    }

    private static boolean hasOutput(List<ElfSection> out, String name) {
        for (ElfSection s : out) {
            if (s.name().equals(name)) {
                return true;
            }
        }
        return false;
    }
}
