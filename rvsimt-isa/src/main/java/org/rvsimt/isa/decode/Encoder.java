package org.rvsimt.isa.decode;

import java.util.List;
import org.rvsimt.isa.Field;
import org.rvsimt.isa.InstructionDef;

/** Builds instruction words from a declaration and operand values (the inverse of {@link Decoder#operands}). */
public final class Encoder {

    private Encoder() { }

    /**
     * Encodes {@code values}, given in the order of {@link InstructionDef#fields()}. Values must already
     * be range-checked (see {@link Field#accepts}); the assembler reports out-of-range operands itself.
     */
    public static int encode(InstructionDef def, int... values) {
        List<Field> fields = def.fields();
        if (values.length != fields.size()) {
            throw new IllegalArgumentException(def.mnemonic() + " takes " + fields.size() + " operand values, got "
                    + values.length);
        }
        int word = def.match();
        for (int i = 0; i < values.length; i++) {
            Field f = fields.get(i);
            if (!f.accepts(values[i]) && !(f.valueClass() == Field.ValueClass.UNSIGNED && f.accepts(values[i] & 0xFFFFFFFFL))) {
                throw new IllegalArgumentException(def.mnemonic() + ": " + f + " value " + values[i] + " out of range");
            }
            word = f.insert(word, values[i]);
        }
        return word;
    }
}
