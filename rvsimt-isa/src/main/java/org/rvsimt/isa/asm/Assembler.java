package org.rvsimt.isa.asm;

/**
 * The rvsimt assembler: a subset of GNU {@code as} for RV32IMAF + Zicsr + Zifencei and the
 * custom instructions of the declaration table. Instructions are assembled from
 * {@link org.rvsimt.isa.InstructionSet} alone: a mnemonic's operands, their ranges and bit
 * positions come from its {@link org.rvsimt.isa.InstructionDef}; only pseudo-instructions have
 * code of their own.
 *
 * <h2>Source</h2>
 * <ul>
 * <li>Statements: {@code label:} (several per line), then an instruction or directive; {@code ;}
 *     separates statements; comments are {@code #} and {@code //} to the end of the line and
 *     {@code /* ... *}{@code /}. Mnemonics and register names are case-insensitive, symbols are not.
 *     There is no C preprocessor: a line starting with {@code #include}, {@code #define} and the like
 *     is reported rather than silently dropped as a comment.
 * <li>Local labels: {@code 1:} may be defined many times; {@code 1b} is the nearest definition
 *     before the reference, {@code 1f} the nearest after it. Names starting with {@code .L} are
 *     assembler-local and do not appear in the symbol table.
 * <li>Expressions: decimal, {@code 0x} hex, {@code 0b} binary, a leading {@code 0} means octal (as in
 *     GNU as), character constants {@code 'a'}, symbols, {@code .} (the address of the statement),
 *     unary {@code - ~ + !}, binary {@code * / % << >> & ^ | + -} with C precedence, parentheses,
 *     {@code %hi(e)} and {@code %lo(e)} (with the +0x800 carry, so that {@code lui %hi} followed by
 *     {@code addi}/load/store {@code %lo} rebuilds {@code e}), {@code %pcrel_hi(e)} and
 *     {@code %pcrel_lo(label)} where {@code label} marks the {@code auipc} carrying the {@code %pcrel_hi}.
 * <li>Directives: {@code .text .data .rodata .bss}, {@code .section NAME[, "flags"[, @type]]}
 *     ({@code .text.*}, {@code .rodata*}, {@code .data*}/{@code .sdata*}, {@code .bss*}/{@code .sbss*}
 *     by name, others by flags; a section without the {@code a} flag is not loaded),
 *     {@code .pushsection .popsection .previous}, {@code .globl .global .weak .local},
 *     {@code .byte}, {@code .half .2byte .short}, {@code .word .4byte .long .int},
 *     {@code .quad .8byte .dword}, {@code .float .double} (decimal or hex-float literals,
 *     {@code inf}, {@code nan}), {@code .zero N}, {@code .space/.skip N[, fill]},
 *     {@code .align N} and {@code .p2align N} (2^N bytes, as RISC-V GNU as; at most 2^16),
 *     {@code .balign N}, {@code .equ/.set SYM, EXPR} and {@code SYM = EXPR}, {@code .string .asciz
 *     .ascii} with C escapes, {@code .comm/.lcomm SYM, SIZE[, ALIGN]},
 *     {@code .insn r OPCODE, FUNCT3, FUNCT7, RD, RS1, RS2}, {@code .insn i OPCODE, FUNCT3, RD, RS1, IMM}
 *     (opcodes by number or by name such as {@code CUSTOM_0}, {@code OP_FP}; registers x or f) and
 *     {@code .insn WORD}, {@code .option rvc/norvc/push/pop} and {@code .option arch, +c/-c}
 *     (compression, below). {@code .type .size .file .ident .attribute .cfi_* .addrsig* .loc}, other
 *     {@code .option}s and visibility directives are accepted and ignored. Any other directive is an error.
 *     In text, alignment padding is made of {@code nop}s (a {@code c.nop} first where 2 bytes are left and
 *     compression is on), also with an explicit fill of 0 (as in LLVM).
 * <li>Operands: memory operands {@code imm(rs1)}, {@code (rs1)} (offset 0) and {@code %lo(sym)(rs1)};
 *     CSRs by name ({@link org.rvsimt.isa.Csrs}) or number; fence sets of the letters {@code iorw}
 *     in that order, or {@code 0}; a rounding mode ({@code rne rtz rdn rup rmm dyn}, or its number
 *     0..7) as an optional last operand, default {@code dyn}; {@code .aq .rl .aqrl} as mnemonic
 *     suffixes of the atomics.
 * </ul>
 *
 * <h2>Branch and jump targets</h2>
 * A branch or jump operand that mentions a symbol, a local label or {@code .} is a target address:
 * the encoded offset is {@code target - pc}. A plain number is the offset itself, as llvm-mc reads
 * it ({@code beq a0, a1, 8} skips one instruction wherever it is). Offsets are taken modulo 2^32,
 * so {@code j 0xfffffffc} at address 0 (how objdump prints a backward jump there) is offset -4.
 * For {@code call}/{@code tail} a plain number is likewise an offset; for {@code la}, {@code li} and
 * the load/store-symbol forms a number is an address.
 *
 * <h2>Pseudo-instructions</h2>
 * From the RISC-V assembly programmer's manual: {@code nop}; {@code li rd, imm} (one {@code addi} for
 * 12-bit values, else {@code lui} and, when the low part is not zero, {@code addi}; a value that
 * needs a symbol or a later {@code .equ} always takes {@code lui + addi}); {@code la/lla rd, sym}
 * ({@code auipc + addi}, pc-relative); {@code mv not neg seqz snez sltz sgtz zext.b};
 * {@code j}, {@code jal offset} (rd = ra), {@code jr rs}, {@code jalr rs} (rd = ra),
 * {@code jalr rd, rs[, imm]}, {@code ret}, {@code call [rd,] sym} ({@code auipc ra + jalr ra}),
 * {@code tail sym} ({@code auipc t1 + jalr zero, t1}); {@code beqz bnez blez bgez bltz bgtz bgt ble
 * bgtu bleu}; {@code fmv.s fabs.s fneg.s} (and the old names {@code fmv.x.s fmv.s.x});
 * {@code csrr csrw csrs csrc csrwi csrsi csrci} ({@code csrw csr, imm} becomes {@code csrrwi});
 * {@code frflags fsflags frrm fsrm frcsr fscsr fsflagsi fsrmi} (write forms with or without
 * {@code rd}); {@code rdcycle[h] rdtime[h] rdinstret[h]}; {@code fence} alone ({@code fence iorw, iorw});
 * {@code fence.tso}; {@code unimp}; {@code lw/lh/lb/lbu/lhu rd, sym} ({@code auipc rd + load}),
 * {@code flw fd, sym, rt} and {@code sw/sh/sb/fsw rs, sym, rt} ({@code auipc rt + access}).
 *
 * <h2>Compressed instructions</h2>
 * With {@link AsmOptions#compressed()} or after {@code .option rvc}, an instruction is written as its
 * 16-bit form ({@link org.rvsimt.isa.CompressedInstructions#compress}) when its operands are constants
 * that fit one, as llvm-mc {@code -mattr=+c} chooses. A branch or jump whose target is a bare label
 * ({@code beqz a0, loop}, {@code j 1f}, {@code j .}) starts compressed; layout widens it to 4 bytes when
 * the label is out of the compressed range and repeats until nothing moves. Other symbolic operands
 * ({@code label+4}, {@code %pcrel_lo}) leave the word 4 bytes. Instructions need 2-byte alignment once a
 * section may hold compressed ones. The {@code c.} mnemonics of {@link org.rvsimt.isa.CompressedInstructions}
 * may be written out while compression is on; operands that do not fit are an error.
 *
 * <h2>Layout</h2>
 * Text sections are placed from {@link AsmOptions#textAddress()} in source order; then read-only
 * and writable data from {@link AsmOptions#dataAddress()} (or right after the text, 16-aligned),
 * then {@code .bss}. Each kind becomes one output section ({@code .text .rodata .data .bss}).
 * The entry is {@code _start} if defined, else the first global symbol (in definition order)
 * defined in text, else the text address. Labels in text are function symbols; {@code .equ}
 * symbols are absolute.
 *
 * <h2>Errors</h2>
 * Every problem is an {@link AsmException} naming {@code file:line:column} of the offending token.
 * A whole file is assembled to the end whatever it finds: the exception thrown is the first error
 * in line order and {@link AsmException#errors()} holds all of them (the first
 * thousand; {@link AsmException#count()} says how many there were).
 */
public final class Assembler {

    private Assembler() { }

    /** Assembles a whole source file. */
    public static AssembledProgram assemble(String source, String fileName, AsmOptions options) throws AsmException {
        Assembly a = new Assembly(fileName);
        try {
            return a.assemble(source, options == null ? AsmOptions.defaults() : options);
        } catch (RuntimeException | StackOverflowError e) {
            throw a.error(null, "internal assembler error: " + e);
        }
    }

    /**
     * Assembles one instruction or pseudo-instruction (which may give 2 words) as if it were at
     * {@code pc}. There are no labels: a numeric branch or jump operand is a pc-relative offset, the
     * llvm-mc convention. Errors name the file {@code <input>}.
     */
    public static int[] assembleLine(String instructionText, int pc) throws AsmException {
        Assembly a = new Assembly("<input>");
        try {
            return a.assembleLine(instructionText, pc);
        } catch (RuntimeException | StackOverflowError e) {
            throw a.error(null, "internal assembler error: " + e);
        }
    }
}
