package org.rvsimt.core.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntBinaryOperator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.LaunchResult;

/**
 * Zba, Zbb, Zbs and Zicond against references written here from the specifications' pseudo-code
 * (RISC-V Bit-Manipulation ISA-extensions 1.0.0, chapter 1.5; Zicond 1.0.0, chapter 2), bit by bit
 * rather than with the library calls rvsimt's semantics use. Each instruction runs on special and
 * random operands in one self-checking program (riscv-tests convention: a0 = 0 when every case
 * passed, else (case << 1) | 1), on both engines with 32- and 1-lane warps. The Zba/Zbb/Zbs program
 * also runs on qemu-riscv32 ({@code -cpu rv32,zba=true,zbb=true,zbs=true}), which checks the
 * references themselves; QEMU 7.2 has no Zicond, so its program runs on rvsimt only.
 */
class BitManipulationSelfCheckTest {

    private record Op(String mnemonic, boolean unary, boolean immediate, IntBinaryOperator reference) { }

    private static final int[] SPECIAL = {0, 1, -1, 2, 0x80000000, 0x7FFFFFFF, 0x80, 0xFF, 0x100, 0x8000, 0xFFFF,
        0x10000, 0x00FF00FF, 0xFF00FF00, 0x12345678, 0x0F0F0F0F, 31, 32, 33, 0x00010000};

    static int clz(int a) {
        int n = 0;
        for (int i = 31; i >= 0 && (a >>> i & 1) == 0; i--) {
            n++;
        }
        return n;
    }

    static int ctz(int a) {
        int n = 0;
        for (int i = 0; i < 32 && (a >>> i & 1) == 0; i++) {
            n++;
        }
        return n;
    }

    static int cpop(int a) {
        int n = 0;
        for (int i = 0; i < 32; i++) {
            n += a >>> i & 1;
        }
        return n;
    }

    static int bytes(int a, java.util.function.IntUnaryOperator perByte, boolean reverse) {
        int r = 0;
        for (int i = 0; i < 4; i++) {
            int b = perByte.applyAsInt(a >>> (8 * i) & 0xFF);
            r |= b << (8 * (reverse ? 3 - i : i));
        }
        return r;
    }

    static int rotl(int a, int n) {
        int s = n & 31;
        return s == 0 ? a : a << s | a >>> (32 - s);
    }

    static final List<Op> ZB = List.of(
            new Op("sh1add", false, false, (a, b) -> b + a * 2),
            new Op("sh2add", false, false, (a, b) -> b + a * 4),
            new Op("sh3add", false, false, (a, b) -> b + a * 8),
            new Op("andn", false, false, (a, b) -> a & (b ^ -1)),
            new Op("orn", false, false, (a, b) -> a | (b ^ -1)),
            new Op("xnor", false, false, (a, b) -> (a ^ b) ^ -1),
            new Op("max", false, false, (a, b) -> a < b ? b : a),
            new Op("maxu", false, false, (a, b) -> (a ^ 0x80000000) < (b ^ 0x80000000) ? b : a),
            new Op("min", false, false, (a, b) -> a < b ? a : b),
            new Op("minu", false, false, (a, b) -> (a ^ 0x80000000) < (b ^ 0x80000000) ? a : b),
            new Op("rol", false, false, (a, b) -> rotl(a, b)),
            new Op("ror", false, false, (a, b) -> rotl(a, 32 - (b & 31))),
            new Op("rori", false, true, (a, b) -> rotl(a, 32 - (b & 31))),
            new Op("clz", true, false, (a, b) -> clz(a)),
            new Op("ctz", true, false, (a, b) -> ctz(a)),
            new Op("cpop", true, false, (a, b) -> cpop(a)),
            new Op("sext.b", true, false, (a, b) -> (a & 0x80) != 0 ? a | 0xFFFFFF00 : a & 0xFF),
            new Op("sext.h", true, false, (a, b) -> (a & 0x8000) != 0 ? a | 0xFFFF0000 : a & 0xFFFF),
            new Op("zext.h", true, false, (a, b) -> a & 0xFFFF),
            new Op("orc.b", true, false, (a, b) -> bytes(a, x -> x != 0 ? 0xFF : 0, false)),
            new Op("rev8", true, false, (a, b) -> bytes(a, x -> x, true)),
            new Op("bclr", false, false, (a, b) -> a & ~(1 << (b & 31))),
            new Op("bclri", false, true, (a, b) -> a & ~(1 << (b & 31))),
            new Op("bext", false, false, (a, b) -> (a >> (b & 31)) & 1),
            new Op("bexti", false, true, (a, b) -> (a >> (b & 31)) & 1),
            new Op("binv", false, false, (a, b) -> a ^ (1 << (b & 31))),
            new Op("binvi", false, true, (a, b) -> a ^ (1 << (b & 31))),
            new Op("bset", false, false, (a, b) -> a | (1 << (b & 31))),
            new Op("bseti", false, true, (a, b) -> a | (1 << (b & 31))));

    /** Zicond 1.0.0: czero.eqz rd = (rs2 == 0) ? 0 : rs1; czero.nez rd = (rs2 != 0) ? 0 : rs1. */
    static final List<Op> ZICOND = List.of(
            new Op("czero.eqz", false, false, (a, b) -> b == 0 ? 0 : a),
            new Op("czero.nez", false, false, (a, b) -> b != 0 ? 0 : a));

    /** A self-checking program with {@code perOp} operand pairs for each operation. */
    static String program(List<Op> ops, int perOp, long seed) {
        Random rnd = new Random(seed);
        StringBuilder s = new StringBuilder("    .option arch, +zba, +zbb, +zbs\n    .text\n    .globl test_main\n"
                + "test_main:\n");
        int n = 0;
        for (Op op : ops) {
            for (int k = 0; k < perOp; k++) {
                int a = k < SPECIAL.length && k % 2 == 0 ? SPECIAL[k] : rnd.nextInt();
                int b = op.immediate ? (k < 4 ? new int[] {0, 31, 1, 16}[k] : rnd.nextInt(32))
                        : k % 3 == 0 ? SPECIAL[rnd.nextInt(SPECIAL.length)] : rnd.nextInt();
                if (op.mnemonic.startsWith("czero") && k % 2 == 1) {
                    b = 0; // the condition must often be zero
                }
                int expected = op.reference.applyAsInt(a, b);
                n++;
                String operands = op.unary ? "a0, a1" : op.immediate ? "a0, a1, " + b : "a0, a1, a2";
                s.append(String.format("    li gp, %d; li a1, %d; li a2, %d; %s %s; li t2, %d; beq a0, t2, .Lok%d;"
                        + " j fail\n.Lok%d:\n", n, a, b, op.mnemonic, operands, expected, n, n));
            }
        }
        s.append("""
                    li a0, 0
                    li a7, 93
                    ecall
                fail:
                    slli a0, gp, 1
                    ori a0, a0, 1
                    li a7, 93
                    ecall
                """);
        return s.toString();
    }

    private static final DeviceConfig BASE = DeviceConfig.defaults().withVram(4L << 20).withThreads(1);
    private static final DeviceConfig[] CONFIGS = {
        BASE.withEngine("interp"), BASE.withEngine("jit"),
        BASE.withEngine("interp").withWarpSize(1), BASE.withEngine("jit").withWarpSize(1)};

    private static void passesOnRvsimt(String src, String name) throws Exception {
        for (DeviceConfig c : CONFIGS) {
            LaunchResult r = SelfCheckingIsaTest.runOnRvsimt(src, name, c);
            String failed = r.exitCode() != 0 ? SelfCheckingIsaTest.caseLine(src, r.exitCode() >> 1) : "";
            assertThat(r.exitCode()).as("%s on rvsimt (%s, warp %d): failing case %s", name, c.engine(), c.warpSize(),
                    failed).isZero();
            assertThat(r.fault()).as(name).isNull();
        }
    }

    @Test
    void zbaZbbZbsMatchTheSpecificationOnBothEnginesAndOnQemu() throws Exception {
        String src = program(ZB, 14, 0xB17L);
        passesOnRvsimt(src, "zb.S");
        String missing = Toolchain.missingTools();
        Assumptions.assumeTrue(missing == null, "install qemu-user clang-19 lld-19 (missing " + missing + ")");
        Path dir = Files.createTempDirectory("rvsimt-zb");
        try {
            Toolchain.build(dir, "zb", src + "\n    .text\n    .globl _start\n_start:\n    j test_main\n", 0x10000, -1);
            Toolchain.Run q = Toolchain.qemu(dir, dir.resolve("zb.elf"), 30, QemuDifferentialTest.QEMU_CPU, List.of());
            int status = q.exitStatus();
            assertThat(status).as("qemu-riscv32: failing case (mod 128) %s",
                    SelfCheckingIsaTest.caseLine(src, status >> 1)).isZero();
        } finally {
            Toolchain.deleteTree(dir);
        }
    }

    @Test
    void zicondMatchesTheSpecificationOnBothEngines() throws Exception {
        passesOnRvsimt(program(ZICOND, 40, 0xC0DL), "zicond.S");
    }

    /** The harness: a wrong expectation is reported as its case, on rvsimt. */
    @Test
    void aWrongExpectationFails() throws Exception {
        List<Op> wrong = new ArrayList<>(List.of(new Op("clz", true, false, (a, b) -> clz(a) + 1)));
        LaunchResult r = SelfCheckingIsaTest.runOnRvsimt(program(wrong, 3, 1), "wrong.S", CONFIGS[1]);
        assertThat(r.exitCode()).isEqualTo(3);
    }
}
