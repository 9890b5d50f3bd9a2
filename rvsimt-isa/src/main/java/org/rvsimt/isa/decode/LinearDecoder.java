package org.rvsimt.isa.decode;

import java.util.List;
import org.rvsimt.isa.InstructionDef;

/**
 * The seed's decoder: scan the table in order, first mask/match hit wins. Kept as the baseline the
 * trie is benchmarked and cross-checked against.
 */
public final class LinearDecoder implements InstructionDecoder {
    private final int[] masks;
    private final int[] matches;
    private final int[] ids;

    public LinearDecoder(List<InstructionDef> defs) {
        masks = defs.stream().mapToInt(InstructionDef::mask).toArray();
        matches = defs.stream().mapToInt(InstructionDef::match).toArray();
        ids = defs.stream().mapToInt(InstructionDef::id).toArray();
    }

    @Override
    public int decode(int word) {
        for (int i = 0; i < masks.length; i++) {
            if ((word & masks[i]) == matches[i]) {
                return ids[i];
            }
        }
        return DecodeTrie.ILLEGAL;
    }
}
