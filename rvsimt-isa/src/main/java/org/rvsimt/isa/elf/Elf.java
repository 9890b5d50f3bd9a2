package org.rvsimt.isa.elf;

/**
 * ELF32 constants shared by {@link ElfReader} and {@link ElfWriter}. Values and layouts are from
 * the System V ABI (gABI, "Object Files" chapter, 2013 draft at sco.com/developers/gabi) and the
 * RISC-V ELF psABI ({@code EM_RISCV}, {@code e_flags}, {@code PT_RISCV_ATTRIBUTES}, mapping symbols).
 */
final class Elf {

    private Elf() { }

    // e_ident
    static final int EI_NIDENT = 16;
    static final int EI_CLASS = 4;
    static final int EI_DATA = 5;
    static final int EI_VERSION = 6;
    static final int EI_OSABI = 7;
    static final int ELFCLASS32 = 1;
    static final int ELFCLASS64 = 2;
    static final int ELFDATA2LSB = 1;
    static final int ELFDATA2MSB = 2;
    static final int EV_CURRENT = 1;

    // ELF32 header field offsets (gABI figure "ELF Header", 32-bit layout)
    static final int E_TYPE = 16;
    static final int E_MACHINE = 18;
    static final int E_VERSION = 20;
    static final int E_ENTRY = 24;
    static final int E_PHOFF = 28;
    static final int E_SHOFF = 32;
    static final int E_FLAGS = 36;
    static final int E_EHSIZE = 40;
    static final int E_PHENTSIZE = 42;
    static final int E_PHNUM = 44;
    static final int E_SHENTSIZE = 46;
    static final int E_SHNUM = 48;
    static final int E_SHSTRNDX = 50;
    static final int EHDR_SIZE = 52;

    static final int ET_NONE = 0;
    static final int ET_REL = 1;
    static final int ET_EXEC = 2;
    static final int ET_DYN = 3;
    static final int ET_CORE = 4;
    static final int EM_RISCV = 243;

    /** RISC-V psABI e_flags: float ABI field (bits 1-2); 0x2 = single-float ABI (ilp32f). */
    static final int EF_RISCV_FLOAT_ABI_SINGLE = 0x2;

    // Program header (Elf32_Phdr, 32 bytes)
    static final int PHDR_SIZE = 32;
    static final int P_TYPE = 0;
    static final int P_OFFSET = 4;
    static final int P_VADDR = 8;
    static final int P_PADDR = 12;
    static final int P_FILESZ = 16;
    static final int P_MEMSZ = 20;
    static final int P_FLAGS = 24;
    static final int P_ALIGN = 28;
    static final int PT_LOAD = 1;

    // Section header (Elf32_Shdr, 40 bytes)
    static final int SHDR_SIZE = 40;
    static final int SH_NAME = 0;
    static final int SH_TYPE = 4;
    static final int SH_FLAGS = 8;
    static final int SH_ADDR = 12;
    static final int SH_OFFSET = 16;
    static final int SH_SIZE = 20;
    static final int SH_LINK = 24;
    static final int SH_INFO = 28;
    static final int SH_ADDRALIGN = 32;
    static final int SH_ENTSIZE = 36;
    static final int SHT_NULL = 0;
    static final int SHT_PROGBITS = 1;
    static final int SHT_SYMTAB = 2;
    static final int SHT_STRTAB = 3;
    static final int SHT_NOBITS = 8;
    static final int SHF_WRITE = 0x1;
    static final int SHF_ALLOC = 0x2;
    static final int SHF_EXECINSTR = 0x4;
    static final int SHN_UNDEF = 0;
    static final int SHN_LORESERVE = 0xff00;
    static final int SHN_ABS = 0xfff1;

    // Symbol (Elf32_Sym, 16 bytes)
    static final int SYM_SIZE = 16;
    static final int ST_NAME = 0;
    static final int ST_VALUE = 4;
    static final int ST_SIZE = 8;
    static final int ST_INFO = 12;
    static final int ST_OTHER = 13;
    static final int ST_SHNDX = 14;
    static final int STB_LOCAL = 0;
    static final int STB_GLOBAL = 1;
    static final int STT_NOTYPE = 0;
    static final int STT_OBJECT = 1;
    static final int STT_FUNC = 2;
}
