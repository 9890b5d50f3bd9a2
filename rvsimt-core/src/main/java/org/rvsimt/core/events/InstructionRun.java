package org.rvsimt.core.events;

import java.util.Arrays;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.Kind;

/**
 * Straight-line instructions a warp issues one after the other with one active mask: what the summary
 * channel ({@link ExecutionListener#issue}) reports. A compiled block is one run; the interpreter
 * issues runs of one instruction. What a run holds is known before it executes (pcs, declarations,
 * how many instructions of each class), so engines make each run once and report the same object
 * every time it is issued: a consumer may keep it, or key a cache on it.
 */
public final class InstructionRun {
    private static final Kind[] KINDS = Kind.values();

    private final int[] pcs;
    private final InstructionDef[] definitions;
    private final int[] perKind = new int[KINDS.length];
    private final int undecodable;

    /**
     * A run of the instructions at {@code pcs} (in issue order); {@code definitions} holds each one's
     * declaration, null for a word that decodes to nothing. The engines make these (so do tests).
     */
    public InstructionRun(int[] pcs, InstructionDef[] definitions) {
        if (pcs.length == 0 || pcs.length != definitions.length) {
            throw new IllegalArgumentException("a run needs one declaration per pc and at least one instruction");
        }
        this.pcs = pcs.clone();
        this.definitions = definitions.clone();
        int none = 0;
        for (InstructionDef d : definitions) {
            if (d == null) {
                none++;
            } else {
                perKind[d.kind().ordinal()]++;
            }
        }
        undecodable = none;
    }

    /** Instructions in the run. */
    public int length() {
        return pcs.length;
    }

    /** The pc of the first instruction. */
    public int startPc() {
        return pcs[0];
    }

    /** The pc of instruction {@code k} (instructions are 2 or 4 bytes long). */
    public int pc(int k) {
        return pcs[k];
    }

    /** The declaration of instruction {@code k}, or null for a word that decodes to nothing. */
    public InstructionDef definition(int k) {
        return definitions[k];
    }

    /** The class of instruction {@code k}, or null for a word that decodes to nothing. */
    public Kind kind(int k) {
        return definitions[k] == null ? null : definitions[k].kind();
    }

    /** How many instructions of the run are of class {@code kind}. */
    public int count(Kind kind) {
        return perKind[kind.ordinal()];
    }

    /** How many words of the run decode to nothing (each one faults when it is reached). */
    public int undecodable() {
        return undecodable;
    }

    @Override
    public String toString() {
        return String.format("run 0x%08x x%d %s", pcs[0], pcs.length, Arrays.toString(
                Arrays.stream(definitions).map(d -> d == null ? "?" : d.mnemonic()).toArray()));
    }
}
