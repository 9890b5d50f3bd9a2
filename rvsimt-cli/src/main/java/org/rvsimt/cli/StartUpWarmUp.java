package org.rvsimt.cli;

import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One-time initialisation a command will need, run on a second thread while the main thread builds
 * picocli's model of the command line and reads the manifest. In a fresh JVM it runs in the bytecode
 * interpreter, and it was about a quarter of a small {@code rvsimt run}'s main-thread time (JFR
 * execution samples of {@code run kernels/saxpy/launch.yaml}): the instruction table and its aliases
 * (every declaration's encoding pattern and syntax parsed), the decoder's trie, the JDK's own
 * {@code BigDecimal}, whose initialiser computes 5^(2^16) by repeated squaring and which Jackson's
 * parsers initialise on first use, and the JDK's locale data behind the first {@code printf} of a
 * number. The machine has a second core for this. A main thread that arrives at a class still being
 * initialised here waits for it rather than doing the work twice, and the locale data is cached by
 * the JDK whichever thread loads it first, so the results are the same either way.
 */
final class StartUpWarmUp {
    private static final Step BIG_DECIMAL = () -> initialise("java.math.BigDecimal");
    private static final Step INSTRUCTIONS = () -> initialise("org.rvsimt.isa.Aliases", "org.rvsimt.isa.CompressedInstructions",
            "org.rvsimt.isa.decode.Decoder");
    private static final Step NUMBER_FORMAT = () -> DecimalFormatSymbols.getInstance(Locale.ROOT);

    /** What each command needs, in the order its main thread comes to it. */
    private static final Map<String, List<Step>> BY_COMMAND = Map.of(
            "run", List.of(BIG_DECIMAL, INSTRUCTIONS, NUMBER_FORMAT),
            "sweep", List.of(BIG_DECIMAL, INSTRUCTIONS, NUMBER_FORMAT),
            "asm", List.of(INSTRUCTIONS),
            "disasm", List.of(INSTRUCTIONS),
            "trace", List.of(INSTRUCTIONS, NUMBER_FORMAT));

    /** One piece of initialisation; a failure ends the warm-up (the main thread meets it again and reports it). */
    private interface Step {
        void run() throws ReflectiveOperationException;
    }

    private StartUpWarmUp() { }

    private static void initialise(String... classes) throws ClassNotFoundException {
        for (String name : classes) {
            Class.forName(name, true, StartUpWarmUp.class.getClassLoader());
        }
    }

    /** Starts the warm-up for the command named by {@code args[0]}, if it has one; returns at once. */
    static void start(String[] args) {
        List<Step> steps = args.length > 0 ? BY_COMMAND.get(args[0]) : null;
        if (steps == null) {
            return;
        }
        Thread t = new Thread(() -> {
            try {
                for (Step s : steps) {
                    s.run();
                }
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                // Nothing to report here: the main thread does the same work and reports its failure.
            }
        }, "rvsimt-warm-up");
        t.setDaemon(true);
        t.start();
    }
}
