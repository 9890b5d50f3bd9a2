package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.rvsimt.isa.Extension;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.decode.Decoder;
import org.rvsimt.isa.elf.ElfImage;
import org.rvsimt.isa.elf.ElfReader;
import org.rvsimt.isa.elf.ElfSection;
import org.rvsimt.isa.elf.ElfSymbolDef;
import org.rvsimt.isa.elf.Segment;

/** Directives, expressions, relocations, pseudo-instruction expansions, layout and the custom mnemonics. */
class AssemblerTest {

    // ---------------------------------------------------------------- helpers

    private static AssembledProgram asm(String src) throws AsmException {
        return Assembler.assemble(src, "t.S", AsmOptions.defaults());
    }

    private static AssembledProgram asm(String src, AsmOptions o) throws AsmException {
        return Assembler.assemble(src, "t.S", o);
    }

    private static ElfSection section(AssembledProgram p, String name) {
        return p.sections().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    private static int[] words(AssembledProgram p, String section) {
        byte[] d = section(p, section).data();
        int[] w = new int[d.length / 4];
        ByteBuffer.wrap(d).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(w);
        return w;
    }

    private static int[] text(String src) throws AsmException {
        return words(asm(src), ".text");
    }

    private static int sym(AssembledProgram p, String name) {
        return p.symbol(name).orElseThrow(() -> new AssertionError("no symbol " + name)).value();
    }

    private static int one(String line) throws AsmException {
        int[] w = Assembler.assembleLine(line, 0);
        assertThat(w).as(line).hasSize(1);
        return w[0];
    }

    // ---------------------------------------------------------------- li

    @Test
    void liBuildsEveryConstant() throws AsmException {
        List<Long> values = new ArrayList<>(List.of(0L, 1L, -1L, 2047L, 2048L, -2048L, -2049L, 0x7FFFFFFFL,
                0x80000000L, 0x12345FFFL, 0x12345000L, 0xFFFFF800L, 0x800L, 0xFFFFFFFFL, -0x80000000L, 4095L, 4096L));
        Random rnd = new Random(7);
        for (int i = 0; i < 500; i++) {
            values.add((long) (i % 3 == 0 ? rnd.nextInt() : i % 3 == 1 ? rnd.nextInt() | 0x800 : rnd.nextInt() & ~0xFFF));
        }
        for (long v : values) {
            int[] w = Assembler.assembleLine("li a0, " + v, 0);
            int expected = (int) v;
            assertThat(AsmTestSupport.execute(w, 0)[10]).as("li a0, %d -> %s", v, AsmTestSupport.hex(w)).isEqualTo(expected);
            int length = expected >= -2048 && expected <= 2047 ? 1 : (expected & 0xFFF) == 0 ? 1 : 2;
            assertThat(w).as("li a0, %d", v).hasSize(length);
            for (int x : w) {
                assertThat(Decoder.lookup(x).mnemonic()).isIn("lui", "addi");
            }
        }
        assertThat(Assembler.assembleLine("li a0, 0x12345fff", 0)).containsExactly(0x12346537, 0xFFF50513);
        assertThat(Assembler.assembleLine("li a0, 0x80000000", 0)).containsExactly(0x80000537);
        assertThat(Assembler.assembleLine("li t0, -2049", 0)).containsExactly(0xFFFFF2B7, 0x7FF28293);
    }

    @Test
    void liOfASymbolOrLaterConstantIsAlwaysLuiAddi() throws AsmException {
        AssembledProgram p = asm("""
                .equ EARLY, 5
                li a0, EARLY
                li a1, LATE
                li a2, target
                li a3, EARLY + 0x10000
                .equ LATE, 5
                target: nop
                """);
        int[] w = words(p, ".text");
        assertThat(w).hasSize(1 + 2 + 2 + 2 + 1);
        assertThat(w[0]).isEqualTo(one("addi a0, zero, 5"));
        assertThat(AsmTestSupport.execute(new int[] {w[1], w[2]}, 0)[11]).isEqualTo(5);
        assertThat(w[1]).isEqualTo(one("lui a1, 0"));
        assertThat(AsmTestSupport.execute(new int[] {w[3], w[4]}, 0)[12]).isEqualTo(sym(p, "target"));
        assertThat(AsmTestSupport.execute(new int[] {w[5], w[6]}, 0)[13]).isEqualTo(0x10005);
    }

    // ---------------------------------------------------------------- %hi/%lo, la, pc-relative forms

    @Test
    void hiLoRebuildAddressesWithBit11Set() throws AsmException {
        for (int dataAddress : new int[] {0x12345800, 0x00000ffc, 0x7ffff800, 0x80000800, 0xffffe000, 0x00010000}) {
            AssembledProgram p = asm("""
                    .text
                    lui a0, %hi(v)
                    addi a0, a0, %lo(v)
                    lui a1, %hi(w)
                    lw a2, %lo(w)(a1)
                    sw a2, %lo(w)(a1)
                    lui a3, %hi(v + 0x7ff)
                    addi a3, a3, %lo(v + 0x7ff)
                    .data
                    v: .word 1
                    .zero 0x7fc
                    w: .word 2
                    """, new AsmOptions(0, dataAddress));
            int[] t = words(p, ".text");
            int v = sym(p, "v");
            int w = sym(p, "w");
            assertThat(v).isEqualTo(dataAddress);
            assertThat((v | w) & 0x800).as("v or w has bit 11 set").isNotZero();
            assertThat(AsmTestSupport.execute(new int[] {t[0], t[1]}, 0)[10]).isEqualTo(v);
            int base = AsmTestSupport.execute(new int[] {t[2]}, 0)[11];
            assertThat(base + org.rvsimt.isa.Field.IMM_I.extract(t[3])).isEqualTo(w);
            assertThat(base + org.rvsimt.isa.Field.IMM_S.extract(t[4])).isEqualTo(w);
            assertThat(AsmTestSupport.execute(new int[] {t[5], t[6]}, 0)[13]).isEqualTo(v + 0x7ff);
        }
    }

    @Test
    void laAndSymbolLoadsStoresAndCallsArePcRelative() throws AsmException {
        AssembledProgram p = asm("""
                .text
                _start:
                    la a0, msg
                    lla a1, buf + 8
                    lw a2, value
                    lbu a3, msg
                    flw fa0, value, t0
                    sw a2, value, t1
                    fsw fa0, value, t2
                    call far
                    tail far
                    .zero 0x1800
                far: ret
                .data
                msg: .string "hello"
                .balign 4
                value: .word 42
                .bss
                buf: .zero 64
                """, new AsmOptions(0x10000, 0x234800));
        int[] t = words(p, ".text");
        int base = 0x10000;
        assertThat(p.entry()).isEqualTo(base);
        assertThat(AsmTestSupport.execute(new int[] {t[0], t[1]}, base)[10]).isEqualTo(sym(p, "msg"));
        assertThat(AsmTestSupport.execute(new int[] {t[2], t[3]}, base + 8)[11]).isEqualTo(sym(p, "buf") + 8);
        // auipc rX + access with %pcrel_lo
        int[][] pairs = {{4, 12, 0}, {6, 13, 0}, {8, 5, 0}, {10, 6, 1}, {12, 7, 1}};
        for (int[] pr : pairs) {
            int i = pr[0];
            int reg = pr[1];
            int hi = AsmTestSupport.execute(new int[] {t[i]}, base + 4 * i)[reg];
            int lo = pr[2] == 0 ? org.rvsimt.isa.Field.IMM_I.extract(t[i + 1]) : org.rvsimt.isa.Field.IMM_S.extract(t[i + 1]);
            String target = i == 6 ? "msg" : "value";
            assertThat(hi + lo).as("pair at word %d", i).isEqualTo(sym(p, target));
        }
        assertThat(Decoder.lookup(t[14]).mnemonic()).isEqualTo("auipc");
        int callHi = AsmTestSupport.execute(new int[] {t[14]}, base + 56)[1];
        assertThat(callHi + org.rvsimt.isa.Field.IMM_I.extract(t[15])).isEqualTo(sym(p, "far"));
        assertThat(org.rvsimt.isa.Field.RD.extract(t[15])).isEqualTo(1);
        int tailHi = AsmTestSupport.execute(new int[] {t[16]}, base + 64)[6];
        assertThat(tailHi + org.rvsimt.isa.Field.IMM_I.extract(t[17])).isEqualTo(sym(p, "far"));
        assertThat(org.rvsimt.isa.Field.RD.extract(t[17])).isZero();
        assertThat(org.rvsimt.isa.Field.RS1.extract(t[17])).isEqualTo(6);
    }

    @Test
    void pcrelHiLoWithLabels() throws AsmException {
        AssembledProgram p = asm("""
                nop
                .Lpc: auipc a0, %pcrel_hi(data)
                lw a1, %pcrel_lo(.Lpc)(a0)
                1: auipc a2, %pcrel_hi(data + 4)
                addi a2, a2, %pcrel_lo(1b)
                .section .rodata
                .zero 0x900
                data: .word 7, 8
                """);
        int[] t = words(p, ".text");
        int hi = AsmTestSupport.execute(new int[] {t[1]}, 4)[10];
        assertThat(hi + org.rvsimt.isa.Field.IMM_I.extract(t[2])).isEqualTo(sym(p, "data"));
        assertThat(AsmTestSupport.execute(new int[] {t[3], t[4]}, 12)[12]).isEqualTo(sym(p, "data") + 4);
        assertThat(p.symbol(".Lpc")).isEmpty();
    }

    // ---------------------------------------------------------------- directives and expressions

    @Test
    void dataDirectives() throws AsmException {
        AssembledProgram p = asm("""
                .data
                b: .byte 1, -1, 255, 'a', '\\n'
                h: .half 0x1234, -2
                .2byte 7
                .short 8
                .align 2
                w: .word 0xdeadbeef, -1, b, . , w - b
                .4byte 1
                .long 2
                q: .quad 0x1122334455667788
                f: .float 1.5, -0.0, inf, -inf, nan, 0x1.8p1, 1e-45, 3.4028235e38, 1
                d: .double 2.5
                s: .string "a\\tb\\\\\\"\\101\\x42"
                .ascii "xy"
                .asciz ""
                z: .zero 3
                sp: .space 2, 0xab
                end:
                """);
        ByteBuffer d = ByteBuffer.wrap(section(p, ".data").data()).order(ByteOrder.LITTLE_ENDIAN);
        int base = section(p, ".data").address();
        assertThat(new byte[] {d.get(0), d.get(1), d.get(2), d.get(3), d.get(4)}).containsExactly(1, -1, -1, 'a', '\n');
        int h = sym(p, "h") - base;
        assertThat(d.getShort(h)).isEqualTo((short) 0x1234);
        assertThat(d.getShort(h + 2)).isEqualTo((short) -2);
        assertThat(d.getShort(h + 4)).isEqualTo((short) 7);
        assertThat(d.getShort(h + 6)).isEqualTo((short) 8);
        int w = sym(p, "w") - base;
        assertThat(w % 4).isZero();
        assertThat(d.getInt(w)).isEqualTo(0xdeadbeef);
        assertThat(d.getInt(w + 4)).isEqualTo(-1);
        assertThat(d.getInt(w + 8)).isEqualTo(sym(p, "b"));
        assertThat(d.getInt(w + 12)).as(". is the address of the value").isEqualTo(sym(p, "w") + 12);
        assertThat(d.getInt(w + 16)).isEqualTo(sym(p, "w") - sym(p, "b"));
        assertThat(d.getInt(w + 20)).isEqualTo(1);
        assertThat(d.getInt(w + 24)).isEqualTo(2);
        assertThat(d.getLong(sym(p, "q") - base)).isEqualTo(0x1122334455667788L);
        int f = sym(p, "f") - base;
        int[] floats = {0x3FC00000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x40400000, 0x00000001, 0x7F7FFFFF,
            0x3F800000};
        for (int i = 0; i < floats.length; i++) {
            assertThat(d.getInt(f + 4 * i)).as("float %d", i).isEqualTo(floats[i]);
        }
        assertThat(d.getDouble(sym(p, "d") - base)).isEqualTo(2.5);
        int s = sym(p, "s") - base;
        byte[] expected = {'a', '\t', 'b', '\\', '"', 'A', 'B', 0, 'x', 'y', 0};
        for (int i = 0; i < expected.length; i++) {
            assertThat(d.get(s + i)).as("string byte %d", i).isEqualTo(expected[i]);
        }
        int z = sym(p, "z") - base;
        assertThat(new byte[] {d.get(z), d.get(z + 1), d.get(z + 2), d.get(z + 3), d.get(z + 4)})
                .containsExactly(0, 0, 0, 0xab, 0xab);
        assertThat(sym(p, "end") - base).isEqualTo(section(p, ".data").size());
    }

    @Test
    void expressionsFollowCPrecedence() throws AsmException {
        Map<String, Long> cases = new LinkedHashMap<>();
        cases.put("1 + 2 * 3", 7L);
        cases.put("(1 + 2) * 3", 9L);
        cases.put("1 << 4 | 1", 17L);
        cases.put("1 | 2 ^ 3 & 5", 1L | (2L ^ (3L & 5L)));
        cases.put("~0 & 0xff", 255L);
        cases.put("-8 >> 1", -4L);
        cases.put("-(3)", -3L);
        cases.put("+5", 5L);
        cases.put("7 % 3", 1L);
        cases.put("-7 / 2", -3L);
        cases.put("'a' + 1", 98L);
        cases.put("0b101", 5L);
        cases.put("010", 8L);
        cases.put("0X1F", 31L);
        cases.put("1 + 2 << 1", 6L);
        cases.put("N * 2 - 1", 19L);
        cases.put("%hi(0x12345fff)", 0x12346L);
        cases.put("%lo(0x12345fff)", -1L);
        cases.put("%lo(0x800)", -2048L);
        cases.put("%hi(0x800)", 1L);
        StringBuilder src = new StringBuilder(".equ N, 10\n.data\n");
        for (String e : cases.keySet()) {
            src.append(".quad ").append(e).append('\n');
        }
        AssembledProgram p = asm(src.toString());
        ByteBuffer d = ByteBuffer.wrap(section(p, ".data").data()).order(ByteOrder.LITTLE_ENDIAN);
        int i = 0;
        for (Map.Entry<String, Long> e : cases.entrySet()) {
            assertThat(d.getLong(8 * i++)).as(e.getKey()).isEqualTo(e.getValue());
        }
    }

    @Test
    void equSetAndAssignment() throws AsmException {
        AssembledProgram p = asm("""
                .equ A, 4
                .set B, A * 2
                C = B + later
                addi a0, a0, A
                addi a0, a0, B
                addi a0, a0, C
                later:
                .equ D, later
                """);
        int[] t = words(p, ".text");
        assertThat(t).containsExactly(one("addi a0, a0, 4"), one("addi a0, a0, 8"), one("addi a0, a0, 20"));
        assertThat(sym(p, "D")).isEqualTo(12);
        assertThat(p.symbol("A").orElseThrow().section()).isNull();
    }

    @Test
    void localLabelsResolveToTheNearestDefinition() throws AsmException {
        int[] t = text("""
                1: nop
                1: j 1b
                   j 1f
                1: j 1b
                2: beqz a0, 2f
                   bnez a0, 2b
                2: 1: j 1b
                """);
        assertThat(t[1]).isEqualTo(one("j 0"));  // 1: j 1b -> itself
        assertThat(t[2]).isEqualTo(one("j 4"));
        assertThat(t[3]).isEqualTo(one("j 0"));
        assertThat(t[4]).isEqualTo(one("beqz a0, 8"));
        assertThat(t[5]).isEqualTo(one("bnez a0, -4"));
        assertThat(t[6]).isEqualTo(one("j 0"));
    }

    @Test
    void alignmentPadsTextWithNops() throws AsmException {
        AssembledProgram p = asm("""
                nop
                .align 4
                a: nop
                .p2align 3
                b: nop
                .balign 16
                c: ret
                .data
                .byte 1
                .align 3
                d: .byte 2
                .balign 8, 0xee
                e: .byte 3
                """);
        int[] t = words(p, ".text");
        assertThat(sym(p, "a")).isEqualTo(16);
        assertThat(sym(p, "b")).isEqualTo(24);
        assertThat(sym(p, "c")).isEqualTo(32);
        for (int i = 1; i < 8; i++) {
            if (i != 4 && i != 6) {
                assertThat(t[i]).isEqualTo(0x00000013);
            }
        }
        int data = section(p, ".data").address();
        assertThat(data % 16).isZero();
        assertThat(sym(p, "d") - data).isEqualTo(8);
        assertThat(section(p, ".data").data()[10]).isEqualTo((byte) 0xee);
        assertThat(sym(p, "e") - data).isEqualTo(16);
    }

    @Test
    void commentsStatementsAndCase() throws AsmException {
        int[] t = text("""
                # a comment
                # 12 "kernel.c"
                #if-less prose is fine too
                start: ADD A0, A1, A2 // trailing comment
                addi a0, a0, 1; addi a0, a0, 2 # two statements
                /* a block
                   comment */ FADD.S FA0, FA1, FA2, RTZ
                x: y: z: nop /* inline */ ; nop
                li a0, '#'
                """);
        assertThat(t).containsExactly(one("add a0, a1, a2"), one("addi a0, a0, 1"), one("addi a0, a0, 2"),
                one("fadd.s fa0, fa1, fa2, rtz"), one("nop"), one("nop"), one("addi a0, zero, 35"));
    }

    @Test
    void memoryOperandsCsrsFencesAndOrdering() throws AsmException {
        assertThat(one("lw a0, (a1)")).isEqualTo(one("lw a0, 0(a1)"));
        assertThat(one("lw a0, (8)(a1)")).isEqualTo(one("lw a0, 8(a1)"));
        assertThat(one("sw a0, -4(sp)")).isEqualTo(0xFEA12E23);
        assertThat(one("csrr a0, mhartid")).isEqualTo(one("csrrs a0, 0xf14, x0"));
        assertThat(one("csrrs a0, vx_warp_id, zero")).isEqualTo(one("csrrs a0, 3265, zero"));
        assertThat(one("fence")).isEqualTo(one("fence iorw, iorw")).isEqualTo(0x0FF0000F);
        assertThat(one("fence rw, w")).isEqualTo(0x0310000F);
        assertThat(one("fence.tso")).isEqualTo(0x8330000F);
        assertThat(one("amoadd.w.aqrl a0, a1, (a2)")).isEqualTo(0x06B6252F);
        assertThat(one("lr.w.aq t0, (t1)")).isEqualTo(0x140322AF);
        assertThat(one("fadd.s f1, f2, f3")).isEqualTo(0x003170D3);
        assertThat(one("fadd.s f1, f2, f3, rne")).isEqualTo(0x003100D3);
        assertThat(one("jalr ra, a0, 4")).isEqualTo(one("jalr ra, 4(a0)"));
        assertThat(one("jalr 4(a0)")).isEqualTo(one("jalr ra, 4(a0)"));
        assertThat(one("jr a0, 4")).isEqualTo(one("jalr zero, 4(a0)"));
        assertThat(one("csrw mstatus, 3")).isEqualTo(one("csrrwi zero, mstatus, 3"));
    }

    @Test
    void numericBranchOperandsAreOffsetsAndSymbolsAreTargets() throws AsmException {
        assertThat(Assembler.assembleLine("beq a0, a1, 8", 0x1000)).containsExactly(one("beq a0, a1, 8"));
        int[] t = words(asm("nop\nnop\nhere: beq a0, a1, here\nbne a0, a1, . + 8\nj there\nthere: jal there\n",
                new AsmOptions(0x4000, -1)), ".text");
        assertThat(t[2]).isEqualTo(one("beq a0, a1, 0"));
        assertThat(t[3]).isEqualTo(one("bne a0, a1, 8"));
        assertThat(t[4]).isEqualTo(one("j 4"));
        assertThat(t[5]).isEqualTo(one("jal 0"));
        assertThat(Assembler.assembleLine("j 0xfffffffc", 0)).containsExactly(one("j -4"));
    }

    // ---------------------------------------------------------------- sections, symbols, entry

    @Test
    void sectionsAreLaidOutTextRodataDataBss() throws AsmException {
        AssembledProgram p = asm("""
                .bss
                big: .zero 100
                .data
                dv: .word 1
                .section .rodata.str, "a"
                ro: .string "x"
                .section .text.hot, "ax", @progbits
                hot: nop
                .text
                main: nop
                .section .sdata, "aw"
                sd: .word 2
                .section .note.GNU-stack, "", @progbits
                .section .sbss, "aw", @nobits
                sb: .zero 8
                .section .mine, "aw", @nobits
                mine: .zero 4
                .globl main
                """, new AsmOptions(0x100, -1));
        assertThat(p.sections()).extracting(ElfSection::name).containsExactly(".text", ".rodata", ".data", ".bss");
        ElfSection text = section(p, ".text");
        assertThat(text.address()).isEqualTo(0x100);
        assertThat(text.size()).isEqualTo(8);
        assertThat(sym(p, "main")).as(".text (implicitly first) before .text.hot").isEqualTo(0x100);
        assertThat(sym(p, "hot")).isEqualTo(0x104);
        assertThat(section(p, ".rodata").address()).isEqualTo(0x110);
        assertThat(sym(p, "ro")).isEqualTo(0x110);
        assertThat(sym(p, "dv")).isGreaterThan(sym(p, "ro"));
        assertThat(sym(p, "sd")).isEqualTo(sym(p, "dv") + 4);
        assertThat(section(p, ".bss").nobits()).isTrue();
        assertThat(sym(p, "big")).isGreaterThanOrEqualTo(sym(p, "sd") + 4);
        assertThat(section(p, ".bss").size()).isGreaterThanOrEqualTo(112);
        assertThat(p.entry()).as("the first global text symbol").isEqualTo(0x100);
        ElfSymbolDef main = p.symbol("main").orElseThrow();
        assertThat(main.global()).isTrue();
        assertThat(main.function()).isTrue();
        assertThat(main.section()).isEqualTo(".text");
        assertThat(p.symbol("dv").orElseThrow().function()).isFalse();
        assertThat(p.symbol("mine").orElseThrow().section()).isEqualTo(".bss");
        assertThat(p.baseAddress()).isEqualTo(0x100);
        byte[] flat = p.flatImage();
        assertThat(flat.length).isEqualTo(section(p, ".bss").address() + section(p, ".bss").size() - 0x100);
        assertThat(flat[sym(p, "dv") - 0x100]).isEqualTo((byte) 1);
    }

    @Test
    void entryChoice() throws AsmException {
        assertThat(asm("nop\n_start: nop\n.globl f\nf: nop\n").entry()).isEqualTo(4);
        assertThat(asm(".globl g, f\nnop\nf: nop\ng: nop\n").entry()).isEqualTo(4);
        assertThat(asm("nop\nf: nop\n", new AsmOptions(0x2000, -1)).entry()).isEqualTo(0x2000);
        AssembledProgram d = asm("nop\n.data\n.word 1\n", new AsmOptions(0, 0x8000));
        assertThat(section(d, ".data").address()).isEqualTo(0x8000);
    }

    @Test
    void elfOutputReadsBack() throws Exception {
        AssembledProgram p = asm("""
                .globl _start
                _start: la a0, msg
                  ret
                .data
                msg: .string "hi"
                .bss
                buf: .zero 16
                """, new AsmOptions(0x1000, -1));
        ElfImage img = ElfReader.read(p.toElf(), "t.elf", 64L << 20);
        assertThat(img.entry()).isEqualTo(0x1000);
        assertThat(img.symbol("_start").orElseThrow().value()).isEqualTo(0x1000);
        assertThat(img.symbol("msg").orElseThrow().value()).isEqualTo(sym(p, "msg"));
        Segment text = img.segments().get(0);
        assertThat(text.vaddr()).isEqualTo(0x1000);
        assertThat(text.executable()).isTrue();
        assertThat(text.data()).isEqualTo(section(p, ".text").data());
    }

    // ---------------------------------------------------------------- .insn and the custom instructions

    @Test
    void insnDirective() throws AsmException {
        assertThat(text(".insn r 0x0B, 2, 0, a0, a1, x0")).containsExactly(0x0005A50B);
        assertThat(text(".insn r CUSTOM_0, 5, 0, x1, a0, a1")).containsExactly(0x00B5508B);
        assertThat(text(".insn r OP_FP, 0, 0x30, f15, f0, x0")).containsExactly(0x600007D3);
        assertThat(text(".insn i 0x13, 0, a0, a1, -1")).containsExactly(one("addi a0, a1, -1"));
        assertThat(text(".insn i LOAD, 2, a0, 8(sp)")).containsExactly(one("lw a0, 8(sp)"));
        assertThat(text(".insn 0x00c58533")).containsExactly(one("add a0, a1, a2"));
        assertThat(Assembler.assembleLine(".insn r 0x33, 0, 0, a0, a1, a2", 0)).containsExactly(one("add a0, a1, a2"));
    }

    /** Words from docs/seed.md (custom instructions) and docs/kernel-abi.md (Vortex SIMT instructions). */
    private static final Map<String, Integer> DOCUMENTED = new LinkedHashMap<>();

    static {
        String[] sfu = {"fexp.s", "fln.s", "frcp.s", "frsqrt.s", "ftanh.s", "fsigmoid.s", "fsin.s", "fcos.s"};
        for (int i = 0; i < sfu.length; i++) {
            DOCUMENTED.put(sfu[i] + " f0, f0", 0x60000053 | i << 20);
        }
        DOCUMENTED.put("fexp.s f15, f0", 0x600007D3);
        // The vector forms: OP-V OPFVV funct6 010001, vs1 = the scalar form's rs2 (vfexp.v v8, v8 as clang-19
        // encodes ".insn r 0x57, 1, 0x23, v8, x0, v8"; vm = 0 for v0.t).
        for (int i = 0; i < sfu.length; i++) {
            DOCUMENTED.put("v" + sfu[i].replace(".s", ".v") + " v8, v8", 0x46801457 | i << 15);
        }
        DOCUMENTED.put("vfexp.v v16, v8, v0.t", 0x44801857);
        // XuanTie matrix words (docs/isa.md, XMATRIX; instruction_list.adoc's load/store table: func4 0001 mlbe,
        // 0101 mlbte, uop 01, ls 0, d_size 10 for 32-bit): rs2 = t4, rs1 = t0, md = tr1.
        DOCUMENTED.put("mfmacc.s acc0, tr1, tr0", 0x08180A2B);
        DOCUMENTED.put("mlbe32 tr1, (t0), t4", 0x15D288AB);
        DOCUMENTED.put("mlbte32 tr1, (t0), t4", 0x55D288AB);
        DOCUMENTED.put("mlbte8 tr3, (a0), a1", 0x54B501AB);
        DOCUMENTED.put("fexp.s f2, f2", 0x60010153);
        DOCUMENTED.put("frcp.s f1, f1", 0x602080D3);
        DOCUMENTED.put("fcvt.s.bf16 f0, f0", 0x4A000053);
        DOCUMENTED.put("fcvt.bf16.s f0, f0", 0x4A100053);
        DOCUMENTED.put("fcvt.s.e4m3 f0, f0", 0x48000053);
        DOCUMENTED.put("fcvt.e4m3.s f0, f0", 0x48100053);
        DOCUMENTED.put("fcvt.s.e5m2 f0, f0", 0x48200053);
        DOCUMENTED.put("fcvt.e5m2.s f0, f0", 0x48300053);
        DOCUMENTED.put("fcvt.s.e2m1 f0, f0", 0x4C000053);
        DOCUMENTED.put("fcvt.e2m1.s f0, f0", 0x4C100053);
        DOCUMENTED.put("fcvt.e4m3.s f2, f1", 0x48108153);
        String[][] vx = {
            {"vx_tmc a0", "tmc a0", "0005000B"}, {"vx_wspawn a0, a1", "wspawn a0, a1", "00B5100B"},
            {"vx_split a0, a1", "split a0, a1", "0005A50B"}, {"vx_split_n a0, a1", "split.n a0, a1", "0015A50B"},
            {"vx_join a0", "join a0", "0005300B"}, {"vx_bar a0, a1", "bar a0, a1", "00B5400B"},
            {"vx_pred a0, a1", "pred a0, a1", "00B5500B"}, {"vx_pred_n a0, a1", "pred.n a0, a1", "00B5508B"},
            {"vx_vote_all a0, a1", "vote.all a0, a1", "0205850B"}, {"vx_vote_any a0, a1", "vote.any a0, a1", "0205950B"},
            {"vx_vote_uni a0, a1", "vote.uni a0, a1", "0205A50B"},
            {"vx_vote_ballot a0, a1", "vote.ballot a0, a1", "0205B50B"},
            {"vx_shfl_up a0, a1, a2", "shfl.up a0, a1, a2", "02C5C50B"},
            {"vx_shfl_down a0, a1, a2", "shfl.down a0, a1, a2", "02C5D50B"},
            {"vx_shfl_bfly a0, a1, a2", "shfl.bfly a0, a1, a2", "02C5E50B"},
            {"vx_shfl_idx a0, a1, a2", "shfl.idx a0, a1, a2", "02C5F50B"}};
        for (String[] v : vx) {
            DOCUMENTED.put(v[0], Integer.parseUnsignedInt(v[2], 16));
            DOCUMENTED.put(v[1], Integer.parseUnsignedInt(v[2], 16));
        }
    }

    @TestFactory
    Stream<DynamicTest> customMnemonicsAssembleToTheDocumentedWords() {
        return DOCUMENTED.entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(),
                () -> assertThat(one(e.getKey())).as(e.getKey()).isEqualTo(e.getValue())));
    }

    @Test
    void everyCustomInstructionHasADocumentedWord() {
        for (InstructionDef d : InstructionSet.all()) {
            if (d.extension() == Extension.XSFU || d.extension() == Extension.XLOWP || d.extension() == Extension.XVORTEX) {
                assertThat(DOCUMENTED.keySet()).as(d.mnemonic()).anyMatch(k -> k.startsWith(d.mnemonic() + " "));
            }
        }
    }
}
