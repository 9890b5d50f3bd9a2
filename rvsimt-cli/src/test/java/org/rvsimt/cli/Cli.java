package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Runs {@link Main#execute} in-process and checks the "every failure is explained" rules. */
final class Cli {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Cli() { }

    /** What one command line did. */
    record Result(int code, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }

        List<String> outLines() {
            return out.lines().toList();
        }

        /** The single JSON object on stdout (fails the test if stdout is anything else). */
        JsonNode json() {
            List<String> lines = out.lines().filter(l -> !l.isBlank()).toList();
            assertThat(lines).as("stdout with --json must be exactly one JSON object, got:%n%s", out).hasSize(1);
            try {
                JsonNode n = JSON.readTree(lines.get(0));
                assertThat(n.isObject()).as("stdout is a JSON object: %s", out).isTrue();
                return n;
            } catch (IOException e) {
                throw new AssertionError("stdout is not JSON: " + out, e);
            }
        }

        /** Neither stream shows a Java exception or stack frame. */
        Result noTrace() {
            for (String s : List.of(out, err)) {
                assertThat(s).as("no Java exception text in output:%nstdout: %s%nstderr: %s", out, err)
                        .doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("at org.")
                        .doesNotContain("internal error");
            }
            return this;
        }

        /** Exit 2, and stderr is exactly one line "rvsimt: ..." (or file:line:col for asm) with the fragments. */
        Result badInput(String... fragments) {
            assertThat(code).as("exit code for bad input; stderr: %s", err).isEqualTo(Main.BAD_INPUT);
            noTrace();
            assertThat(errLines()).as("stderr is exactly one line: %s", err).hasSize(1);
            String line = errLines().get(0);
            for (String f : fragments) {
                assertThat(line).as("stderr names '%s'", f).contains(f);
            }
            return this;
        }

        /**
         * A command-line usage error: exit 2, and stderr is exactly one line, "rvsimt: MESSAGE (usage:
         * rvsimt [COMMAND] --help)" (a second "Try ..." line broke scripts that read one line).
         */
        Result badUsage() {
            assertThat(code).as("exit code for a bad flag; stderr: %s", err).isEqualTo(Main.BAD_INPUT);
            noTrace();
            assertThat(errLines()).as("stderr is exactly one line: %s", err).hasSize(1);
            assertThat(errLines().get(0)).startsWith("rvsimt: ").matches(".* \\(usage: rvsimt( [a-z-]+)? --help\\)");
            return this;
        }
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            code = Main.execute(args, o, e);
        }
        return new Result(code, out.toString(), err.toString());
    }

    static Path write(Path dir, String name, String text) {
        try {
            Path p = dir.resolve(name);
            Files.createDirectories(p.getParent());
            Files.writeString(p, text, StandardCharsets.UTF_8);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path write(Path dir, String name, byte[] data) {
        try {
            Path p = dir.resolve(name);
            Files.createDirectories(p.getParent());
            Files.write(p, data);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A kernel that returns at once. */
    static final String RET = "    ret\n";
}
