/**
 * ELF32 RISC-V executables: {@link org.rvsimt.isa.elf.ElfReader} loads {@code PT_LOAD} segments,
 * the entry point and symbols, rejecting malformed files with a one-line
 * {@link org.rvsimt.isa.elf.ElfFormatException}; {@link org.rvsimt.isa.elf.ElfWriter} writes
 * executables that the reader and the LLVM tools accept.
 */
package org.rvsimt.isa.elf;
