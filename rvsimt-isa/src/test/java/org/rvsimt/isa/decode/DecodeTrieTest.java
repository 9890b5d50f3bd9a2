package org.rvsimt.isa.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;

/** The trie must decode exactly like the linear mask/match scan it replaces. */
class DecodeTrieTest {

    private final DecodeTrie trie = DecodeTrie.build(InstructionSet.all());
    private final LinearDecoder linear = new LinearDecoder(InstructionSet.all());

    @Test
    void agreesWithLinearScanOnRandomWords() {
        SplittableRandom r = new SplittableRandom(42);
        for (int i = 0; i < 2_000_000; i++) {
            int w = r.nextInt();
            assertThat(trie.decode(w)).as("0x%08x", w).isEqualTo(linear.decode(w));
        }
    }

    @Test
    void decodesEveryDeclarationWithRandomFreeBits() {
        SplittableRandom r = new SplittableRandom(7);
        for (InstructionDef d : InstructionSet.all()) {
            for (int i = 0; i < 2000; i++) {
                int w = d.match() | (r.nextInt() & ~d.mask());
                assertThat(trie.decode(w)).as("%s 0x%08x", d.mnemonic(), w).isEqualTo(d.id());
            }
        }
    }

    @Test
    void agreesNearEveryPattern() {
        // Flip each bit of each pattern: the neighbours of real encodings are where decoders go wrong.
        for (InstructionDef d : InstructionSet.all()) {
            for (int b = 0; b < 32; b++) {
                int w = d.match() ^ (1 << b);
                assertThat(trie.decode(w)).as("%s ^ bit %d", d.mnemonic(), b).isEqualTo(linear.decode(w));
            }
        }
    }

    @Test
    void illegalWordsAreIllegal() {
        assertThat(trie.decode(0)).isEqualTo(DecodeTrie.ILLEGAL);
        assertThat(trie.decode(0xFFFFFFFF)).isEqualTo(DecodeTrie.ILLEGAL);
        assertThat(trie.decode(0x00200073)).isEqualTo(DecodeTrie.ILLEGAL); // uret is not declared
    }

    @Test
    void isShallow() {
        assertThat(trie.depth()).isLessThanOrEqualTo(32);
        assertThat(trie.nodeCount()).isLessThan(4 * InstructionSet.size() * 4);
    }
}
