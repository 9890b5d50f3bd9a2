package org.rvsimt.core.exec.vector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.exec.matrix.MatrixDecode;
import org.rvsimt.isa.Form;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;

/**
 * The engine's own field decoders for RVV and matrix words (VectorDecode, MatrixDecode) and the
 * ISA table's declarations were written independently: every declared vector or matrix instruction,
 * with random operand fields, must decode to the operation its mnemonic names.
 */
class VectorDecodeAgreementTest {

    @Test
    void everyDeclarationDecodesToItsOwnOperation() {
        SplittableRandom r = new SplittableRandom(7);
        List<String> bad = new ArrayList<>();
        int checked = 0;
        for (InstructionDef d : InstructionSet.all()) {
            boolean vector = d.form() == Form.VECTOR;
            if (!vector && d.form() != Form.MATRIX) {
                continue;
            }
            int byName = vector ? VectorDecode.idOf(d.mnemonic()) : MatrixDecode.idOf(d.mnemonic());
            for (int k = 0; k < 20; k++) {
                int word = d.match() | (r.nextInt() & ~d.mask() & ~d.ignoredMask());
                if (org.rvsimt.isa.decode.Decoder.decode(word) != d.id()) {
                    continue;      // a reserved field value that the table leaves to another declaration
                }
                int byWord = vector ? VectorDecode.decode(word) : MatrixDecode.decode(word);
                checked++;
                if (byName < 0 || byWord != byName) {
                    bad.add(String.format("%s 0x%08x: by name %d, by word %d", d.mnemonic(), word, byName, byWord));
                }
            }
        }
        assertThat(checked).isGreaterThan(4000);
        assertThat(bad).isEmpty();
    }
}
