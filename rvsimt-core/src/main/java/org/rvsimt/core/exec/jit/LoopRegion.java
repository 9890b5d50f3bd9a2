package org.rvsimt.core.exec.jit;

/**
 * A hot loop compiled as one region: the chain of blocks ({@code parts}, found by {@link LoopShape})
 * that leads from the loop's header back to it, run iteration after iteration by one generated method.
 * The engine enters it at the header instead of the header's block and, when it returns, finishes
 * the part it stopped after exactly as after that block, so the interpreter, blocks and regions
 * agree bit for bit.
 *
 * @param parts  the blocks of one iteration in order (their shapes; their code is the region's)
 * @param length instructions per iteration
 * @param before {@code before[j]}: instructions of one iteration up to and including part j
 * @param code   the generated code
 * @param simd   the full-warp variant has host-SIMD lane loops (taken once SimdLanes is warm,
 *               {@link SimdLanesLoader})
 */
record LoopRegion(JitBlock[] parts, int length, int[] before, CompiledRegion code, boolean simd) {
    LoopRegion(JitBlock[] parts, CompiledRegion code, boolean simd) {
        this(parts, total(parts), prefix(parts), code, simd);
    }

    private static int total(JitBlock[] parts) {
        int n = 0;
        for (JitBlock b : parts) {
            n += b.length();
        }
        return n;
    }

    private static int[] prefix(JitBlock[] parts) {
        int[] out = new int[parts.length];
        int n = 0;
        for (int j = 0; j < parts.length; j++) {
            n += parts[j].length();
            out[j] = n;
        }
        return out;
    }

    /**
     * Whether a warp whose reconvergence pc is {@code rpcTop} may run the region here: no part starts
     * at that pc (the engine must stop there), and, where a listener asks for each instruction's first
     * event ({@code firstRuns} not null), this host thread has already run every part once (interpreted).
     */
    boolean enterable(boolean[] firstRuns, int base, int rpcTop) {
        for (JitBlock b : parts) {
            if (b.start() == rpcTop || firstRuns != null && !firstRuns[(b.start() - base) >>> 1]) {
                return false;
            }
        }
        return true;
    }

    /** The part that runs instruction {@code pc} (a fault's pc). */
    int partOf(int pc) {
        for (int j = 0; j < parts.length; j++) {
            JitBlock b = parts[j];
            if (Integer.compareUnsigned(pc, b.start()) >= 0 && Integer.compareUnsigned(pc, b.lastPc()) <= 0) {
                return j;
            }
        }
        throw new IllegalStateException("pc 0x" + Integer.toHexString(pc) + " is not in the region");
    }
}
