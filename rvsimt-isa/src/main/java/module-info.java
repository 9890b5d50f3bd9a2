/**
 * The RISC-V ISA as data: instruction declarations, decoder, assembler, disassembler, ELF reader and
 * debug information. Everything here is public API (the simulator, the front ends and the tools use it).
 */
module org.rvsimt.isa {
    exports org.rvsimt.isa;
    exports org.rvsimt.isa.asm;
    exports org.rvsimt.isa.debug;
    exports org.rvsimt.isa.decode;
    exports org.rvsimt.isa.disasm;
    exports org.rvsimt.isa.doc;
    exports org.rvsimt.isa.elf;
}
