package org.rvsimt.core.exec.program;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rvsimt.core.exec.simt.ReconvergenceStack;
import org.rvsimt.isa.Form;

/**
 * Basic blocks and immediate post-dominators of a kernel, computed once at load time; they tell a
 * divergent warp where its lanes meet again.
 *
 * <p>The graph is per function: a call ({@code jal}/{@code jalr} with a link register) falls
 * through to the next instruction, and a jump through a register with no link ({@code ret},
 * {@code jr}, jump tables) leaves the function, as do {@code ebreak} and running off the code. All
 * those edges go to one virtual exit node. A branch whose immediate post-dominator is that exit
 * reconverges when its function returns (see {@link ReconvergenceStack}). Post-dominators are
 * found with the Cooper-Harvey-Kennedy iterative algorithm on the reversed graph ("A Simple, Fast
 * Dominance Algorithm", 2001).
 */
public final class ControlFlow {

    /** Reconvergence point meaning "when the current function returns". */
    public static final int AT_RETURN = -2;
    /** No reconvergence point (the code after the branch never meets, e.g. an endless loop). */
    public static final int NONE = -1;

    private final Program program;
    private final int[] blockOf;      // instruction index -> block
    private final int[] blockStart;   // block -> first instruction index
    private final int[] ipdom;        // block -> immediate post-dominator block; exit = blocks; -1 = none
    private final int[] depth;        // depth in the post-dominator tree (exit = 0)
    private final int exit;

    private ControlFlow(Program program, int[] blockOf, int[] blockStart, int[] ipdom, int[] depth) {
        this.program = program;
        this.blockOf = blockOf;
        this.blockStart = blockStart;
        this.ipdom = ipdom;
        this.depth = depth;
        this.exit = blockStart.length;
    }

    static ControlFlow analyse(Program p) {
        int n = p.length;
        // The instructions are where a linear sweep from the base puts them (as objdump lists them); the
        // halfword slots inside a 32-bit instruction are not in the graph.
        boolean[] start = new boolean[n + 1];
        int[] nextOf = new int[n];
        for (int i = 0; i < n; i += p.size[i] / 2) {
            start[i] = true;
            nextOf[i] = Math.min(n, i + p.size[i] / 2);
        }
        boolean[] leader = new boolean[n + 1];
        if (n > 0) {
            leader[0] = true;
        }
        for (int i = 0; i < n; i++) {
            if (!start[i]) {
                continue;
            }
            Form f = p.form[i];
            if (f == Form.BRANCH || f == Form.JAL || f == Form.JALR || f == Form.EBREAK || f == Form.ILLEGAL) {
                leader[nextOf[i]] = true;
                if (f == Form.BRANCH || f == Form.JAL) {
                    int t = target(p, start, i);
                    if (t >= 0) {
                        leader[t] = true;
                    }
                }
            }
        }
        int[] blockOf = new int[n];
        List<Integer> starts = new ArrayList<>();
        List<Integer> lasts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!start[i]) {
                blockOf[i] = -1;
                continue;
            }
            if (leader[i]) {
                starts.add(i);
                lasts.add(i);
            }
            blockOf[i] = starts.size() - 1;
            lasts.set(lasts.size() - 1, i);
        }
        int blocks = starts.size();
        int[] blockStart = starts.stream().mapToInt(Integer::intValue).toArray();
        int exitNode = blocks;
        // Successors of each block (at most two) in the per-function graph.
        int[][] succ = new int[blocks][];
        for (int b = 0; b < blocks; b++) {
            succ[b] = successors(p, start, lasts.get(b), nextOf[lasts.get(b)], blockOf, exitNode);
        }
        int[] ipdom = postDominators(succ, exitNode);
        int[] depth = new int[blocks + 1];
        Arrays.fill(depth, -1);
        depth[exitNode] = 0;
        for (int b = 0; b < blocks; b++) {
            depthOf(b, ipdom, depth);
        }
        return new ControlFlow(p, blockOf, blockStart, ipdom, depth);
    }

    /** The slot a branch or jal at slot {@code i} goes to, or -1 if that is not an instruction of the code. */
    private static int target(Program p, boolean[] start, int i) {
        int off = p.imm[i];
        int t = i + (off >> 1);
        boolean aligned = ((2 * i + off) & p.alignMask) == 0;
        return aligned && t >= 0 && t < p.length && start[t] ? t : -1;
    }

    private static int[] successors(Program p, boolean[] start, int i, int nextSlot, int[] blockOf, int exitNode) {
        int n = p.length;
        Form f = p.form[i];
        int next = nextSlot < n ? blockOf[nextSlot] : exitNode;
        switch (f) {
            case BRANCH -> {
                int t = target(p, start, i);
                int to = t >= 0 ? blockOf[t] : exitNode;
                return to == next ? new int[] {next} : new int[] {next, to};
            }
            case JAL -> {
                if (p.rd[i] != Predecoder.SINK) {
                    return new int[] {next}; // a call returns here
                }
                int t = target(p, start, i);
                return new int[] {t >= 0 ? blockOf[t] : exitNode};
            }
            case JALR -> {
                return p.rd[i] != Predecoder.SINK ? new int[] {next} : new int[] {exitNode};
            }
            case EBREAK, ILLEGAL -> {
                return new int[] {exitNode};
            }
            default -> {
                return new int[] {next};
            }
        }
    }

    /** Immediate post-dominators: dominators of the reversed graph rooted at the exit node. */
    private static int[] postDominators(int[][] succ, int exitNode) {
        int nodes = exitNode + 1;
        // Predecessors in the reversed graph are the successors in the forward graph.
        List<List<Integer>> rpreds = new ArrayList<>();
        List<List<Integer>> rsucc = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            rpreds.add(new ArrayList<>());
            rsucc.add(new ArrayList<>());
        }
        for (int b = 0; b < exitNode; b++) {
            for (int s : succ[b]) {
                rsucc.get(s).add(b);   // reversed edge s -> b
                rpreds.get(b).add(s);
            }
        }
        // Reverse postorder of the reversed graph from the exit (iterative DFS).
        int[] order = new int[nodes];
        int[] rpoNumber = new int[nodes];
        Arrays.fill(rpoNumber, -1);
        int count = 0;
        boolean[] seen = new boolean[nodes];
        int[] stack = new int[nodes];
        int[] edge = new int[nodes];
        int sp = 0;
        stack[sp++] = exitNode;
        seen[exitNode] = true;
        int[] post = new int[nodes];
        int postCount = 0;
        while (sp > 0) {
            int v = stack[sp - 1];
            List<Integer> out = rsucc.get(v);
            if (edge[v] < out.size()) {
                int w = out.get(edge[v]++);
                if (!seen[w]) {
                    seen[w] = true;
                    stack[sp++] = w;
                }
            } else {
                post[postCount++] = v;
                sp--;
            }
        }
        for (int i = postCount - 1; i >= 0; i--) {
            order[count] = post[i];
            rpoNumber[post[i]] = count++;
        }
        int[] idom = new int[nodes];
        Arrays.fill(idom, -1);
        idom[exitNode] = exitNode;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int k = 1; k < count; k++) {
                int b = order[k];
                int newIdom = -1;
                for (int pnode : rpreds.get(b)) {
                    if (idom[pnode] < 0) {
                        continue;
                    }
                    newIdom = newIdom < 0 ? pnode : intersect(pnode, newIdom, idom, rpoNumber);
                }
                if (newIdom >= 0 && idom[b] != newIdom) {
                    idom[b] = newIdom;
                    changed = true;
                }
            }
        }
        return idom;
    }

    private static int intersect(int a, int b, int[] idom, int[] rpo) {
        while (a != b) {
            while (rpo[a] > rpo[b]) {
                a = idom[a];
            }
            while (rpo[b] > rpo[a]) {
                b = idom[b];
            }
        }
        return a;
    }

    private static int depthOf(int b, int[] ipdom, int[] depth) {
        if (depth[b] >= 0) {
            return depth[b];
        }
        if (ipdom[b] < 0) {
            return depth[b] = Integer.MAX_VALUE / 2; // not post-dominated by the exit: never meets
        }
        // Iterative walk up to a node with known depth, then fill in on the way back.
        List<Integer> chain = new ArrayList<>();
        int v = b;
        while (depth[v] < 0 && ipdom[v] >= 0) {
            chain.add(v);
            v = ipdom[v];
        }
        int d = depth[v] < 0 ? Integer.MAX_VALUE / 2 : depth[v];
        for (int k = chain.size() - 1; k >= 0; k--) {
            d = d >= Integer.MAX_VALUE / 2 ? d : d + 1;
            depth[chain.get(k)] = d;
        }
        return depth[b];
    }

    /** Where lanes that diverge at the branch at {@code pc} meet again: a pc, {@link #AT_RETURN} or {@link #NONE}. */
    public int reconvergencePc(int pc) {
        int i = (pc - program.base) >>> 1;
        return blockOf[i] < 0 ? NONE : pcOfBlock(ipdom[blockOf[i]]);
    }

    /**
     * Where lanes that jumped to the given (different) targets meet again: their nearest common
     * post-dominator. A target inside a block is post-dominated by that block's post-dominators.
     */
    public int reconvergencePc(int[] targets, int count) {
        int meet = -2;
        for (int k = 0; k < count; k++) {
            int t = targets[k];
            int node;
            int i = (t - program.base) >>> 1;
            if (!program.contains(t) || blockOf[i] < 0) {
                node = exit;      // outside the code, or inside a 32-bit instruction: an unknown path
            } else {
                int b = blockOf[i];
                node = blockStart[b] == i ? b : ipdom[b];
            }
            if (node < 0) {
                return NONE;
            }
            meet = meet == -2 ? node : commonPostDominator(meet, node);
            if (meet < 0) {
                return NONE;
            }
        }
        return pcOfBlock(meet);
    }

    private int commonPostDominator(int a, int b) {
        int guard = 0;
        while (a != b) {
            if (a < 0 || b < 0 || guard++ > 1_000_000) {
                return -1;
            }
            if (depth[a] >= depth[b]) {
                a = a == exit ? -1 : ipdom[a];
            } else {
                b = b == exit ? -1 : ipdom[b];
            }
        }
        return a;
    }

    private int pcOfBlock(int node) {
        if (node < 0 || depth[node] >= Integer.MAX_VALUE / 2) {
            return NONE;
        }
        if (node == exit) {
            return AT_RETURN;
        }
        return program.base + blockStart[node] * 2;
    }

    /**
     * True when the instruction at slot {@code i} starts a basic block; also for a slot inside a
     * 32-bit instruction (reached only by a jump there), which starts a block of its own.
     */
    public boolean isLeader(int i) {
        return blockOf[i] < 0 || blockStart[blockOf[i]] == i;
    }

    /** True when slot {@code i} holds an instruction of the linear sweep (not the upper half of a 32-bit one). */
    public boolean isStart(int i) {
        return blockOf[i] >= 0;
    }

    public Program program() {
        return program;
    }

    public int blockCount() {
        return blockStart.length;
    }

    /** First pc of the basic block containing {@code pc}. */
    public int blockStartPc(int pc) {
        int b = blockOf[(pc - program.base) >>> 1];
        return b < 0 ? pc : program.base + blockStart[b] * 2;
    }
}
