package org.rvsimt.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * The commonest command line, {@code rvsimt run FILE} with none or some of its switches (flags without
 * a value), read without picocli. Building picocli's model of {@code run} (reflection over 26 annotated
 * options, their converters) and parsing with it ran in the bytecode interpreter for about a third of
 * a small run's main-thread time, for a line this class reads in a few comparisons. Anything else, an
 * option with a value, a repeated switch, {@code --help}, an {@code @file}, a second operand, a word
 * starting with '-', is left to picocli, as are all usage errors and help texts, so they stay picocli's.
 * PlainRunLineTest checks that every line read here sets the fields picocli sets.
 */
final class PlainRunLine {
    /** The switches of {@code run} this reads; picocli reads the others. */
    static final Set<String> SWITCHES = Set.of("--json", "--stats", "--timing", "--exited-arrive", "--trace-values");

    private PlainRunLine() { }

    /** The run command this line asks for, its fields set as picocli would, or null when picocli must read it. */
    static RunCommand parse(String[] args) {
        if (args.length < 2 || !args[0].equals("run")) {
            return null;
        }
        RunCommand c = new RunCommand();
        Set<String> seen = new HashSet<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (SWITCHES.contains(a)) {
                if (!seen.add(a)) {
                    return null;
                }
                set(c, a);
            } else if (c.target == null && !a.isEmpty() && !a.startsWith("-") && !a.startsWith("@")) {
                try {
                    c.target = Path.of(a);
                } catch (InvalidPathException e) {
                    return null;
                }
            } else {
                return null;
            }
        }
        return c.target != null ? c : null;
    }

    private static void set(RunCommand c, String flag) {
        switch (flag) {
            case "--json" -> c.json = true;
            case "--stats" -> c.stats = true;
            case "--timing" -> c.timing = true;
            case "--exited-arrive" -> c.exitedArrive = true;
            case "--trace-values" -> c.traceValues = true;
            default -> throw new IllegalArgumentException(flag);
        }
    }
}
