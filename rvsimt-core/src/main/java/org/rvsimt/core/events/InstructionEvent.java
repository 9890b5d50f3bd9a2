package org.rvsimt.core.events;

import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.Kind;

/**
 * One warp-instruction about to execute: where, what, with which lanes, and for loads, stores and
 * atomics each active lane's access (lane, address, size, memory space). One object per host
 * thread is reused for every instruction, so a consumer copies what it keeps.
 *
 * <p>The operation is its declaration ({@link #definition()}: mnemonic, kind, trace id). Vector and
 * matrix loads and stores report one access per element of each active lane (lane by lane, elements
 * in order), from the lane's vl, vtype, mask and tile sizes before the instruction runs.
 *
 * <p>The setters are for the engines.
 */
public final class InstructionEvent {
    private long block;
    private int warp;
    private int pc;
    private int word;
    private InstructionDef definition;
    private long mask;
    private int destination = -1;
    private boolean destinationFloat;
    private LaneRegisters registers;
    private BlockState blockState;
    private AccessKind accessKind;
    private boolean accessesKnown;
    private int accesses;
    // grown on demand: a vector or tile access has an entry per element of each lane
    private int[] lanes = new int[64];
    private int[] addresses = new int[64];
    private int[] sizes = new int[64];
    private MemorySpace[] spaces = new MemorySpace[64];

    /** The engines make one per host thread and fill it before every instruction (so do tests of consumers). */
    public InstructionEvent() { }

    // ------------------------------------------------------------------ what consumers read

    /** Linear index of the block. */
    public long block() {
        return block;
    }

    /** Warp index within the block. */
    public int warp() {
        return warp;
    }

    public int pc() {
        return pc;
    }

    /** The instruction word. */
    public int word() {
        return word;
    }

    /** The instruction's declaration, or null for a word that decodes to nothing (it will fault). */
    public InstructionDef definition() {
        return definition;
    }

    /** The instruction's class (ALU, LOAD, BRANCH, ...), or null for an undecodable word. */
    public Kind kind() {
        return definition == null ? null : definition.kind();
    }

    /** Active lanes (bit l = lane l). */
    public long mask() {
        return mask;
    }

    public int activeLanes() {
        return Long.bitCount(mask);
    }

    /** The register the instruction writes (0..31), or -1 when it writes none. */
    public int destination() {
        return destination;
    }

    /** Whether {@link #destination()} is a float register. */
    public boolean destinationFloat() {
        return destinationFloat;
    }

    /** The warp's registers, live: before the instruction now, after it at the warp's next event. */
    public LaneRegisters registers() {
        return registers;
    }

    /**
     * The whole block this host thread runs, for a debugger that stops here: every warp's
     * registers, pc and memory as its lanes see it. Only valid during the callback.
     */
    public BlockState blockState() {
        return blockState;
    }

    /** What the memory accesses do, or null when the instruction accesses no memory. */
    public AccessKind accessKind() {
        return accessKind;
    }

    /** False for an instruction that accesses memory in a way not itemised (none at present). */
    public boolean accessesKnown() {
        return accessesKnown;
    }

    /**
     * Number of lane accesses: one per active lane for scalar loads, stores and atomics, one per
     * element of each active lane for vector and matrix loads and stores.
     */
    public int accessCount() {
        return accesses;
    }

    /** The lane of access {@code k}. */
    public int accessLane(int k) {
        return lanes[k];
    }

    /** The effective address of access {@code k} (unsigned 32 bits). */
    public int accessAddress(int k) {
        return addresses[k];
    }

    /** Bytes of access {@code k}. */
    public int accessSize(int k) {
        return sizes[k];
    }

    public MemorySpace accessSpace(int k) {
        return spaces[k];
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(String.format("b%d w%d 0x%08x %s mask 0x%x", block, warp, pc,
                definition == null ? String.format(".word 0x%08x", word) : definition.mnemonic(), mask));
        for (int k = 0; k < accesses; k++) {
            s.append(String.format(" [%s lane %d 0x%08x %d %s]", accessKind, lanes[k], addresses[k], sizes[k],
                    spaces[k]));
        }
        return s.toString();
    }

    // ------------------------------------------------------------------ filled by the engines

    /** Starts the event of the instruction at {@code pc}; no accesses, no destination. */
    public void begin(long block, int warp, int pc, int word, InstructionDef definition, long mask,
                      LaneRegisters registers) {
        this.block = block;
        this.warp = warp;
        this.pc = pc;
        this.word = word;
        this.definition = definition;
        this.mask = mask;
        this.registers = registers;
        this.destination = -1;
        this.destinationFloat = false;
        this.accessKind = null;
        this.accessesKnown = true;
        this.accesses = 0;
    }

    /** The host thread's block, set once by the engine that owns this event. */
    public void blockState(BlockState state) {
        this.blockState = state;
    }

    public void destination(int register, boolean isFloat) {
        this.destination = register;
        this.destinationFloat = isFloat;
    }

    /** The instruction accesses memory as {@code kind}; {@code known}: its lane accesses follow. */
    public void accesses(AccessKind kind, boolean known) {
        this.accessKind = kind;
        this.accessesKnown = known;
    }

    public void access(int lane, int address, int size, MemorySpace space) {
        int k = accesses++;
        if (k == lanes.length) {
            int n = 2 * k;
            lanes = java.util.Arrays.copyOf(lanes, n);
            addresses = java.util.Arrays.copyOf(addresses, n);
            sizes = java.util.Arrays.copyOf(sizes, n);
            spaces = java.util.Arrays.copyOf(spaces, n);
        }
        lanes[k] = lane;
        addresses[k] = address;
        sizes[k] = size;
        spaces[k] = space;
    }
}
