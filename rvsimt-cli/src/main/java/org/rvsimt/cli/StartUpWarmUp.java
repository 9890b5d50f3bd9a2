package org.rvsimt.cli;

import java.math.BigDecimal;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rvsimt.isa.Aliases;
import org.rvsimt.isa.CompressedInstructions;
import org.rvsimt.isa.decode.Decoder;

/**
 * One-time initialisation a command will need, run on a second thread while the main thread builds
 * picocli's model of the command line and reads the manifest. In a fresh JVM it runs in the bytecode
 * interpreter, and it was about a quarter of a small {@code rvsimt run}'s main-thread time (JFR
 * execution samples of {@code run kernels/saxpy/launch.yaml}): the command class's annotations as
 * picocli reads them, the instruction table and its aliases (every declaration's encoding pattern
 * and syntax parsed), the decoder's trie, the JDK's own {@code BigDecimal}, whose initialiser
 * computes 5^(2^16) by repeated squaring and which Jackson's parsers initialise on first use, a YAML
 * parser's tables, and the JDK's locale data behind the first {@code printf} of a number. The machine
 * has a second core for this. Each step only fills caches the JDK or a class keeps for everyone: a
 * main thread that arrives at a class still being initialised here waits for it rather than doing
 * the work twice, and finds the rest cached or makes it itself, so the results are the same either way.
 */
final class StartUpWarmUp {
    private static final Step BIG_DECIMAL = () -> initialise(BigDecimal.class);
    private static final Step INSTRUCTIONS = () -> initialise(Aliases.class, CompressedInstructions.class, Decoder.class);
    private static final Step NUMBER_FORMAT = () -> DecimalFormatSymbols.getInstance(Locale.ROOT);
    /** A YAML parser's first use: SnakeYAML's scanner and resolver tables (a document of one flow mapping). */
    private static final Step YAML = () -> JsonTrees.read(JsonTrees.factory(true), "{a: [1, 2.5, x]}");
    /**
     * The reflection data and annotation instances of the command's class, which picocli reads for its
     * model (the JDK caches both per class; each annotation type's first instance defines a proxy class).
     */
    private static Step annotationsOf(Class<?> command) {
        return () -> {
            for (java.lang.reflect.Field f : command.getDeclaredFields()) {
                f.getAnnotations();
            }
            for (java.lang.reflect.Method m : command.getDeclaredMethods()) {
                m.getAnnotations();
            }
        };
    }

    /** The commands whose class's annotations picocli reads first (when it parses the line: {@link PlainRunLine}). */
    private static final Map<String, Class<?>> ANNOTATED = Map.of("run", RunCommand.class, "sweep", SweepCommand.class);

    /** What each command needs after its command line is parsed, in the order its main thread comes to it. */
    private static final Map<String, List<Step>> BY_COMMAND = Map.of(
            "run", List.of(BIG_DECIMAL, YAML, INSTRUCTIONS, NUMBER_FORMAT),
            "sweep", List.of(BIG_DECIMAL, YAML, INSTRUCTIONS, NUMBER_FORMAT),
            "asm", List.of(INSTRUCTIONS),
            "disasm", List.of(INSTRUCTIONS),
            "trace", List.of(INSTRUCTIONS, NUMBER_FORMAT));

    /** One piece of initialisation; a failure ends the warm-up (the main thread meets it again and reports it). */
    private interface Step {
        void run() throws ReflectiveOperationException, java.io.IOException;
    }

    private StartUpWarmUp() { }

    /** Runs the static initialisers of these classes (a class literal alone does not). */
    private static void initialise(Class<?>... classes) throws ClassNotFoundException {
        for (Class<?> c : classes) {
            Class.forName(c.getName(), true, c.getClassLoader());
        }
    }

    /**
     * Starts the warm-up for the command named by {@code args[0]}, if it has one; returns at once.
     * {@code picocliParses}: picocli will read the line (so its model of the command is built first).
     */
    static void start(String[] args, boolean picocliParses) {
        if (args.length == 0 || !BY_COMMAND.containsKey(args[0])) {
            return;
        }
        Thread t = new Thread(() -> run(args[0], picocliParses), "rvsimt-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /** The commands that have a warm-up. */
    static java.util.Set<String> commands() {
        return BY_COMMAND.keySet();
    }

    /** Runs a command's warm-up on this thread; false when a step failed (the rest are then skipped). */
    static boolean run(String command, boolean picocliParses) {
        try {
            if (picocliParses && ANNOTATED.containsKey(command)) {
                annotationsOf(ANNOTATED.get(command)).run();
            }
            for (Step s : BY_COMMAND.getOrDefault(command, List.of())) {
                s.run();
            }
            return true;
        } catch (ReflectiveOperationException | java.io.IOException | RuntimeException | LinkageError e) {
            // Nothing to report here: the main thread does the same work and reports its failure.
            return false;
        }
    }
}
