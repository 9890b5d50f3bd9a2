package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.core.api.Kernel;

/**
 * The flight-recorder tail of fault reports: an exit_code fault has one too, and a loop in it is
 * folded in the text and described in the JSON (issue 11, items 10-12).
 */
class FaultTailCliTest {
    /** Every thread counts down 40 times, then exits with code 5. */
    private static final String LOOP_THEN_EXIT = """
                .globl k
            k:
                li t0, 40
                .globl loop
            loop:
                addi t0, t0, -1
                .globl back
            back:
                bnez t0, loop
                li a7, 93
                li a0, 5
                .globl exit
            exit:
                ecall
            """;

    @TempDir
    Path dir;

    private static int symbol(String name) throws Exception {
        return Kernel.fromAssembly(LOOP_THEN_EXIT, "f.S").symbol(name).orElseThrow();
    }

    private static String hex(int pc) {
        return String.format("0x%08x", pc);
    }

    @Test
    void exitCodeFaultsHaveTheTailWithItsLoopFolded() throws Exception {
        Path k = Cli.write(dir, "loop.S", LOOP_THEN_EXIT);
        JsonNode jit = null;
        for (String engine : List.of("jit", "interp")) {
            Cli.Result r = Cli.run("run", k.toString(), "--grid", "1", "--block", "8", "--engine", engine, "--json")
                    .noTrace();
            assertThat(r.code()).isEqualTo(Main.FAILED);
            JsonNode fault = r.json().path("fault");
            assertThat(fault.path("kind").asText()).isEqualTo("exit_code");
            // 1 + 2 * 40 + 3 instructions ran: the tail holds the last 64, ending with the ecall.
            JsonNode recent = fault.path("recent");
            assertThat(recent.size()).as("tail of %s", fault).isEqualTo(64);
            assertThat(recent.get(63).path("pc").asText()).isEqualTo(hex(symbol("exit")));
            assertThat(recent.get(63).path("mask").asText()).isEqualTo("0xff");
            assertThat(recent.get(0).path("pc").asText()).isEqualTo(hex(symbol("back")));
            // Rows 0..59 are 30 passes of (bnez, addi); row 60 is the last bnez, then li, li, ecall.
            JsonNode repeats = fault.path("recent_repeats");
            assertThat(repeats.size()).isEqualTo(1);
            JsonNode rep = repeats.get(0);
            assertThat(rep.path("from").asInt()).isZero();
            assertThat(rep.path("period").asInt()).isEqualTo(2);
            assertThat(rep.path("passes").asInt()).isEqualTo(30);
            assertThat(rep.path("first_pc").asText()).isEqualTo(hex(symbol("back")));
            assertThat(rep.path("last_pc").asText()).isEqualTo(hex(symbol("loop")));
            if (jit == null) {
                jit = fault;
            } else {
                assertThat(fault).as("interp and jit report the same fault").isEqualTo(jit);
            }
        }
        Cli.Result text = Cli.run("run", k.toString(), "--grid", "1", "--block", "8").noTrace();
        List<String> lines = text.outLines();
        int head = lines.indexOf("  last 64 instructions of the warp (oldest first):");
        assertThat(head).as("the text lists the tail:%n%s", text.out()).isPositive();
        List<String> tail = lines.subList(head + 1, lines.size());
        assertThat(tail.get(0)).startsWith("    " + hex(symbol("back")) + ".." + hex(symbol("loop")) + "  x30 ");
        // The folded line, the last pass (2 rows), then the last bnez, li a7, li a0 and the ecall.
        assertThat(tail).hasSize(1 + 2 + 4);
        assertThat(tail.get(6)).contains(hex(symbol("exit"))).contains("ecall");
    }

    @Test
    void aTraceOfAnExitCodeFaultEndsWithFault() throws Exception {
        Path k = Cli.write(dir, "loop.S", LOOP_THEN_EXIT);
        Path t = dir.resolve("exit.rvtrace");
        Cli.Result r = Cli.run("run", k.toString(), "--grid", "1", "--block", "8", "--trace", t.toString());
        assertThat(r.code()).isEqualTo(Main.FAILED);
        Cli.Result dump = Cli.run("trace", t.toString(), "--dump").noTrace();
        assertThat(dump.outLines()).filteredOn(l -> l.contains("launch_end")).singleElement()
                .satisfies(l -> assertThat(l).contains("launch_end #1 fault"));
    }
}
