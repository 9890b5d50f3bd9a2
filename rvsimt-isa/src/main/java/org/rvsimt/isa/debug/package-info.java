/**
 * DWARF debugging information of kernel executables: {@link org.rvsimt.isa.debug.SourceMap} maps a
 * pc to its source file, line, column and (inlined) functions, reading {@code .debug_line} and
 * {@code .debug_info} (DWARF 2 to 5) with bounds-checked parsers that report malformed input as a
 * one-line {@link org.rvsimt.isa.debug.DwarfFormatException}.
 */
package org.rvsimt.isa.debug;
