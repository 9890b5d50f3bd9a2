package org.rvsimt.isa.doc;

import org.rvsimt.isa.Extension;

/**
 * Prose for docs/isa.md that a table row cannot carry: the scope of an extension and the encoding
 * decisions taken where a specification is ambiguous. Kept next to the table writer so the document
 * stays generated.
 */
final class ExtensionNotes {

    private ExtensionNotes() { }

    /** Markdown paragraphs printed before an extension's table, or an empty string. */
    static String of(Extension e) {
        return switch (e) {
            case ZBA -> """
                    RV32 encodings of the ratified Bit-Manipulation ISA-extensions 1.0.0 (`zext.h` is the RV32
                    `pack` encoding, `rev8` the RV32 one). With them the assembler takes `zext.h`, `sext.b` and
                    `sext.h` as these instructions, never as shift pairs. Encodings and listings are
                    cross-checked against `llvm-mc`/`llvm-objdump`, behaviour against qemu-riscv32's random
                    programs.
                    """;
            case C -> """
                    RV32C with RV32FC's float loads and stores (no D, so no c.fld/c.fsd). Each 16-bit instruction
                    executes as the 32-bit instruction in the "expands to" column. With C, instructions sit at
                    any even address (no jump is misaligned); on a device without C, they are illegal and a
                    jump to an address that is not a multiple of 4 is the `misaligned` fault. The listing
                    prints the expansion the way `llvm-objdump` does. Encodings, listings and compression
                    choices are cross-checked against `llvm-mc -mattr=+c` and `llvm-objdump`. The assembler
                    compresses under `.option rvc` or `rvsimt asm --march rv32imafc` as llvm-mc does
                    ([extensions.md](extensions.md#the-c-extension-compressed-instructions)).
                    HINT encodings (`c.addi` with immediate 0, `c.li x0, ...`) execute as their expansion and are
                    never emitted; reserved ones (`c.addi4spn` with 0, `c.lwsp x0`, `c.jr x0`) are illegal.
                    """;
            case ZICOND -> """
                    Zicond 1.0.0. QEMU 7.2 lacks it, so its tests check both engines against the
                    specification's definition (`czero.eqz`: rs2 == 0 ? 0 : rs1; `czero.nez`: rs2 != 0 ? 0 : rs1).
                    """;
            case V -> """
                    The RVV 1.0 subset of the Zve32f profile (ELEN 32, f32): SEW 8/16/32, LMUL 1/2/4/8 and
                    1/2, 1/4, 1/8, tail/mask agnostic or undisturbed policies. Each SIMT lane has its own vector
                    register file (VLEN configurable, default 128). Encodings follow the ratified specification
                    and are cross-checked word for word against `llvm-mc -mattr=+v`, and the listing against
                    `llvm-objdump`.

                    - Operand order is the specification's: `vd, vs2, vs1` (or `vd, vs2, rs1|fs1|imm`), but
                      `vd, vs1, vs2` for the multiply-add forms (`vmacc`, `vfmacc`, ...). A trailing `v0.t`
                      selects the masked form (vm = 0); leaving it out means unmasked.
                    - `vtypei` is written `e32, m1, ta, ma`; like GNU as, the assembler also takes the short
                      forms `e32`, `e8, mf2`, `e16, m4, ta` (LMUL m1, tu, mu when omitted; llvm-mc 19 wants all
                      four words), or a number. Values with reserved bits print as a number.
                    - CSRs: `vstart` 0x008, `vxsat` 0x009, `vxrm` 0x00A, `vcsr` 0x00F, `vl` 0xC20, `vtype`
                      0xC21, `vlenb` 0xC22.
                    - Trace ids 256 and up; the vector unit runs them from the word's fields.
                    """;
            case XMATRIX -> """
                    A subset of the XuanTie (T-Head) RISC-V matrix extension in custom-1 (0x2B): four tile
                    registers `tr0`-`tr3` and four accumulators `acc0`-`acc3` (3-bit index, 000-011 tiles,
                    100-111 accumulators), shapes set by `msettile{m,n,k}[i]` (CSRs mtilem/mtilen/mtilek).
                    `mfmacc.* md, ms2, ms1` computes md[i][j] += sum over k of ms1[i][k] * ms2[j][k] (B is
                    stored transposed), f32 accumulation; `mmacc*.w.b` accumulates int8 products in int32.
                    `mlbte*` (the spec's transposed B load) reads B column-major, so a row-major K x N
                    matrix loads straight into the transposed tile: md[j][k] from x[rs1] + k * x[rs2] + j * size.

                    Decisions where the specification (github.com/XUANTIE-RV/riscv-matrix-extension-spec,
                    folder `spec/`) contradicts itself:

                    - The matrix-multiply group uses **uop = 10** (`inst32_format.adoc`). The instruction
                      list's uop = 01 would give the multiplies the same fixed bits as the `mlae`/`msae`
                      load/store group. So `mfmacc.s acc0, tr1, tr0` = `0x08180A2B`.
                    - bf16 inputs are selected by size_sup = 001 with s_size = 01 (`instruction_list.adoc`);
                      fp8 E4M3 is size_sup = 001, E5M2 size_sup = 000, with s_size = 00.
                    - Register classes are part of the encoding: a multiply's md must be an accumulator and
                      ms1/ms2 tiles; `mlae`/`mlbe`/`mlbte` (and `msae`/`msbe`) take tiles, `mlce`/`msce`
                      accumulators; `mzero` either. Other combinations decode as illegal instructions.
                    - CSRs: xmcsr 0x802, mtilem 0x803, mtilen 0x804, mtilek 0x805, xmxrm 0x806, xmsat 0x807,
                      xmfflags 0x808, xmfrm 0x809, xmsaten 0x80A as specified; the read-only xmisa, xtlenb,
                      xtrlenb and xalenb move from 0xCC0-0xCC3 (the native ABI's lane/warp/core/active-warp
                      CSRs, numbered as in Vortex) to **0xCF0-0xCF3**.
                    - Loads and stores are written `mlae32 md, (rs1), rs2` with rs2 the row stride in bytes.
                    - Trace ids 768 and up; the matrix unit runs them from the word's fields.
                    """;
            default -> "";
        };
    }
}
