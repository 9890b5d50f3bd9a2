package org.rvsimt.isa.asm;

import java.util.ArrayList;
import java.util.List;

/** One input section (e.g. {@code .text.foo}) while it is being assembled. */
final class Section {

    /** What a section holds; decides where it is placed and which output section it joins. */
    enum Kind {
        TEXT(".text"), RODATA(".rodata"), DATA(".data"), BSS(".bss"), OTHER(null);

        final String outputName;

        Kind(String outputName) {
            this.outputName = outputName;
        }
    }

    final String name;
    final Kind kind;
    final List<Item> items = new ArrayList<>();
    final Token firstToken;
    long size;
    int alignment;
    long address;

    Section(String name, Kind kind, Token firstToken) {
        this.name = name;
        this.kind = kind;
        this.firstToken = firstToken;
        this.alignment = kind == Kind.TEXT ? 4 : 1;
    }

    boolean holdsBytes() {
        return kind != Kind.BSS && kind != Kind.OTHER;
    }

    /** Something placed in a section: instruction words, data, or padding. */
    sealed interface Item {
        long offset();

        long size();

        Token at();
    }

    record Code(long offset, List<PendingWord> words, Token at) implements Item {
        public long size() {
            return 4L * words.size();
        }
    }

    /** {@code .byte/.half/.word/.quad} values. */
    record Data(long offset, int width, List<Expr> values, List<Operand> operands, Token at) implements Item {
        public long size() {
            return (long) width * values.size();
        }
    }

    record Bytes(long offset, byte[] bytes, Token at) implements Item {
        public long size() {
            return bytes.length;
        }
    }

    /** {@code .zero/.space} and alignment padding; {@code code} pads with nops where 4-aligned. */
    record Fill(long offset, long size, int fill, boolean code, Token at) implements Item { }
}
