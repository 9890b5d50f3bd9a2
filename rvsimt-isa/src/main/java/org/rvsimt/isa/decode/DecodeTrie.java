package org.rvsimt.isa.decode;

import java.util.ArrayList;
import java.util.List;
import org.rvsimt.isa.InstructionDef;

/**
 * A binary decision trie over instruction bits, built from the declarations.
 *
 * <p>Each inner node tests one bit that separates the instructions still possible; bits on which
 * all remaining candidates agree are never tested on the way down (a single-child path is
 * compressed away) and are checked once at the leaf, where the full mask/match of the remaining
 * candidate(s) is verified. The result is an instruction id, or {@link #ILLEGAL}. The trie is
 * flattened into int arrays so a descent touches no objects.
 */
public final class DecodeTrie implements InstructionDecoder {

    public static final int ILLEGAL = -1;

    private final int[] bit;       // >= 0: the bit tested; -1: leaf
    private final int[] zero;      // child index when the bit is 0, or leaf start in leafIds
    private final int[] one;       // child index when the bit is 1, or leaf candidate count
    private final int[] leafIds;
    private final int[] masks;
    private final int[] matches;
    private final int depth;

    private DecodeTrie(List<int[]> nodes, List<Integer> leaves, int[] masks, int[] matches, int depth) {
        int n = nodes.size();
        bit = new int[n];
        zero = new int[n];
        one = new int[n];
        for (int i = 0; i < n; i++) {
            bit[i] = nodes.get(i)[0];
            zero[i] = nodes.get(i)[1];
            one[i] = nodes.get(i)[2];
        }
        leafIds = leaves.stream().mapToInt(Integer::intValue).toArray();
        this.masks = masks;
        this.matches = matches;
        this.depth = depth;
    }

    /** Builds the trie for the given declarations (ids are the declarations' ids). */
    public static DecodeTrie build(List<InstructionDef> defs) {
        int maxId = defs.stream().mapToInt(InstructionDef::id).max().orElse(-1);
        int[] masks = new int[maxId + 1];
        int[] matches = new int[maxId + 1];
        List<Integer> ids = new ArrayList<>();
        for (InstructionDef d : defs) {
            masks[d.id()] = d.mask();
            matches[d.id()] = d.match();
            ids.add(d.id());
        }
        Builder b = new Builder(masks, matches);
        b.node(ids, 0, 0);
        return new DecodeTrie(b.nodes, b.leaves, masks, matches, b.maxDepth);
    }

    @Override
    public int decode(int word) {
        int n = 0;
        while (bit[n] >= 0) {
            n = ((word >>> bit[n]) & 1) == 0 ? zero[n] : one[n];
        }
        int start = zero[n];
        int end = start + one[n];
        for (int i = start; i < end; i++) {
            int id = leafIds[i];
            if ((word & masks[id]) == matches[id]) {
                return id;
            }
        }
        return ILLEGAL;
    }

    /** Number of nodes (inner and leaf), for documentation and tests. */
    public int nodeCount() {
        return bit.length;
    }

    /** Longest root-to-leaf path in bit tests. */
    public int depth() {
        return depth;
    }

    private static final class Builder {
        final int[] masks;
        final int[] matches;
        final List<int[]> nodes = new ArrayList<>();
        final List<Integer> leaves = new ArrayList<>();
        int maxDepth;

        Builder(int[] masks, int[] matches) {
            this.masks = masks;
            this.matches = matches;
        }

        int node(List<Integer> ids, int tested, int level) {
            int index = nodes.size();
            nodes.add(new int[3]);
            maxDepth = Math.max(maxDepth, level);
            int split = ids.size() <= 1 ? -1 : chooseBit(ids, tested);
            if (split < 0) {
                nodes.set(index, new int[] {-1, leaves.size(), ids.size()});
                leaves.addAll(ids);
                return index;
            }
            List<Integer> zeros = new ArrayList<>();
            List<Integer> ones = new ArrayList<>();
            for (int id : ids) {
                boolean cares = ((masks[id] >>> split) & 1) != 0;
                boolean value = ((matches[id] >>> split) & 1) != 0;
                if (!cares || !value) {
                    zeros.add(id);
                }
                if (!cares || value) {
                    ones.add(id);
                }
            }
            int z = node(zeros, tested | (1 << split), level + 1);
            int o = node(ones, tested | (1 << split), level + 1);
            nodes.set(index, new int[] {split, z, o});
            return index;
        }

        /**
         * The untested bit that the most candidates fix and on which they disagree; preferring
         * bits every candidate fixes keeps candidates from being copied into both subtrees.
         * Returns -1 when no bit separates them (the leaf then checks them in order).
         */
        int chooseBit(List<Integer> ids, int tested) {
            int best = -1;
            long bestScore = -1;
            for (int b = 0; b < 32; b++) {
                if (((tested >>> b) & 1) != 0) {
                    continue;
                }
                int caring = 0;
                int onesCount = 0;
                for (int id : ids) {
                    if (((masks[id] >>> b) & 1) != 0) {
                        caring++;
                        onesCount += (matches[id] >>> b) & 1;
                    }
                }
                int zerosCount = caring - onesCount;
                if (onesCount == 0 || zerosCount == 0) {
                    continue;
                }
                long score = (long) caring * 1024 + Math.min(onesCount, zerosCount);
                if (score > bestScore) {
                    bestScore = score;
                    best = b;
                }
            }
            return best;
        }
    }
}
