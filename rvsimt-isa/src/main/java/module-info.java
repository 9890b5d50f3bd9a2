/**
 * The RISC-V ISA as data: instruction declarations, decoder, assembler, disassembler, ELF reader,
 * debug information and the integer semantics the declarations name. Everything here is public API
 * (the simulator, the front ends and the tools use it).
 */
module org.rvsimt.isa {
    exports org.rvsimt.isa;
    exports org.rvsimt.isa.asm;
    exports org.rvsimt.isa.debug;
    exports org.rvsimt.isa.decode;
    exports org.rvsimt.isa.disasm;
    exports org.rvsimt.isa.doc;
    exports org.rvsimt.isa.elf;
    exports org.rvsimt.isa.semantics;
    // The JIT reads which static method a declaration's method reference names (its serialized
    // form, through the lambda's private writeReplace), and those lambdas are made in this package.
    opens org.rvsimt.isa to org.rvsimt.core;
}
