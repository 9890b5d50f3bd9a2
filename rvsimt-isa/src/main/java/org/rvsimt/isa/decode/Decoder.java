package org.rvsimt.isa.decode;

import java.util.List;
import org.rvsimt.isa.Field;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;

/** Decoding entry points over the whole instruction set. */
public final class Decoder {

    private static final DecodeTrie TRIE = DecodeTrie.build(InstructionSet.all());

    private Decoder() { }

    /** Instruction id of a word, or -1 if no declaration matches. */
    public static int decode(int word) {
        return TRIE.decode(word);
    }

    /** The declaration of a word, or null if it is illegal. */
    public static InstructionDef lookup(int word) {
        int id = TRIE.decode(word);
        return id < 0 ? null : InstructionSet.get(id);
    }

    public static DecodeTrie trie() {
        return TRIE;
    }

    /** The operand values of a decoded word, in the order of {@link InstructionDef#fields()}. */
    public static int[] operands(InstructionDef def, int word) {
        List<Field> fields = def.fields();
        int[] out = new int[fields.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = fields.get(i).extract(word);
        }
        return out;
    }
}
