package org.rvsimt.isa.asm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One input section (e.g. {@code .text.foo}) while it is being assembled. Items do not carry their
 * offsets: with compressed instructions a branch to a label may be 2 or 4 bytes and alignment padding
 * follows from what precedes it, so offsets are measured ({@link #measure()}) each time the sizes
 * change. Labels point at an item index ({@link #offsetOf(int)}).
 */
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
    /** Bytes so far (pass 1) or after the latest {@link #measure()}. */
    long size;
    int alignment;
    long address;
    /** True once a 2-byte instruction may be in this section: later instructions need only be 2-aligned. */
    boolean mayHoldHalfwords;
    private long[] starts = new long[16];

    Section(String name, Kind kind, Token firstToken) {
        this.name = name;
        this.kind = kind;
        this.firstToken = firstToken;
        this.alignment = kind == Kind.TEXT ? 4 : 1;
    }

    boolean holdsBytes() {
        return kind != Kind.BSS && kind != Kind.OTHER;
    }

    /** Appends an item at the current end. */
    void append(Item item) {
        if (items.size() == starts.length) {
            starts = Arrays.copyOf(starts, starts.length * 2);
        }
        starts[items.size()] = size;
        items.add(item);
        size += item.size(size);
    }

    /** The offset of item {@code index}, or the section's size for the index after the last item. */
    long offsetOf(int index) {
        return index < items.size() ? starts[index] : size;
    }

    /** Recomputes every offset and the size from the items' current sizes. */
    void measure() {
        long at = 0;
        for (int i = 0; i < items.size(); i++) {
            starts[i] = at;
            at += items.get(i).size(at);
        }
        size = at;
    }

    /** Something placed in a section: instruction words, data, or padding. */
    sealed interface Item {
        /** Its size when it starts at {@code offset} in its section. */
        long size(long offset);

        Token at();
    }

    /**
     * The words of one statement. Each word is 2 bytes (compressed) or 4; a compressed branch or jump to
     * a label starts at 2 and is widened when layout finds its target out of the compressed range.
     */
    record Code(List<PendingWord> words, int[] widths, boolean[] relaxable, Token at) implements Item {
        public long size(long offset) {
            return wordOffset(words.size());
        }

        /** Bytes before word {@code k}. */
        long wordOffset(int k) {
            long n = 0;
            for (int i = 0; i < k; i++) {
                n += widths[i];
            }
            return n;
        }
    }

    /** {@code .byte/.half/.word/.quad} values. */
    record Data(int width, List<Expr> values, List<Operand> operands, Token at) implements Item {
        public long size(long offset) {
            return (long) width * values.size();
        }
    }

    record Bytes(byte[] bytes, Token at) implements Item {
        public long size(long offset) {
            return bytes.length;
        }
    }

    /** {@code .zero/.space/.skip} and {@code .comm} space. */
    record Fill(long bytes, int fill, Token at) implements Item {
        public long size(long offset) {
            return bytes;
        }
    }

    /**
     * Alignment padding to a multiple of {@code bytes}, left out when more than {@code max} would be
     * needed. {@code code} pads with nops ({@code rvc}: with a {@code c.nop} where 2 bytes are left).
     */
    record Align(long bytes, int fill, long max, boolean code, boolean rvc, Token at) implements Item {
        public long size(long offset) {
            long pad = (bytes - offset % bytes) % bytes;
            return pad > max ? 0 : pad;
        }
    }
}
