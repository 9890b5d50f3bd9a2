package org.rvsimt.timing.record;

/**
 * The layout of a recorded warp stream: a sequence of entries, each starting with a header word.
 *
 * <pre>
 * instruction: header, pc id (TraceRecorder.pcs), sources, [memory word, sector ids...]
 *   header  = ENTRY_INSTRUCTION | opClass &lt;&lt; 2 | memory &lt;&lt; 7 | destination &lt;&lt; 11 | activeLanes &lt;&lt; 18
 *   sources = up to three registers, 8 bits each (0: none; x1..x31 as 1..31, f0..f31 as 32..63)
 *   global memory:  memory word = sectors | most lanes on one address &lt;&lt; 16, then one word per sector
 *   shared memory:  memory word = conflict degree (passes)
 * barrier arrival: header
 * exit:            header
 * spawn:           header, warp
 * </pre>
 */
public final class StreamFormat {
    private StreamFormat() { }

    public static final int ENTRY_INSTRUCTION = 0;
    public static final int ENTRY_BARRIER = 1;
    public static final int ENTRY_EXIT = 2;
    public static final int ENTRY_SPAWN = 3;

    public static final int MEM_NONE = 0;
    public static final int MEM_GLOBAL_LOAD = 1;
    public static final int MEM_GLOBAL_STORE = 2;
    public static final int MEM_GLOBAL_ATOMIC = 3;
    public static final int MEM_SHARED_LOAD = 4;
    public static final int MEM_SHARED_STORE = 5;
    public static final int MEM_SHARED_ATOMIC = 6;
    /** Vector and matrix accesses, whose lanes the events do not itemise: one L1 access. */
    public static final int MEM_UNKNOWN = 7;

    public static int entry(int header) {
        return header & 3;
    }

    public static int opClass(int header) {
        return header >>> 2 & 31;
    }

    public static int memory(int header) {
        return header >>> 7 & 15;
    }

    /** Destination register (0: none), numbered as the sources. */
    public static int destination(int header) {
        return header >>> 11 & 127;
    }

    public static int activeLanes(int header) {
        return header >>> 18 & 127;
    }

    public static int instruction(int opClass, int memory, int destination, int activeLanes) {
        return ENTRY_INSTRUCTION | opClass << 2 | memory << 7 | destination << 11 | activeLanes << 18;
    }

    public static boolean isGlobal(int memory) {
        return memory >= MEM_GLOBAL_LOAD && memory <= MEM_GLOBAL_ATOMIC;
    }

    public static boolean isShared(int memory) {
        return memory >= MEM_SHARED_LOAD && memory <= MEM_SHARED_ATOMIC;
    }
}
