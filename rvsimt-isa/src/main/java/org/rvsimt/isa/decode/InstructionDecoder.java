package org.rvsimt.isa.decode;

/** Maps an instruction word to an instruction id ({@link org.rvsimt.isa.InstructionDef#id()}) or -1. */
public interface InstructionDecoder {
    int decode(int word);
}
