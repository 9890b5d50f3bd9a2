package org.rvsimt.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code rvsimt} executable. Subcommands are thin adapters over the library; every failure
 * becomes one line on stderr and a documented exit code (docs/cli.md), never a trace.
 */
@Command(name = "rvsimt", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "A fast, observable RISC-V SIMT GPU simulator.")
public final class Main implements java.util.concurrent.Callable<Integer> {

    /**
     * The subcommands, in the order the usage lists them, by the name each one's {@code @Command}
     * gives it (MainTest checks the two agree). They are added here rather than in the annotation so
     * that a command line naming one of them builds picocli's model of that one only: the model of
     * all ten is most of the CPU of parsing a command line.
     */
    static final java.util.SequencedMap<String, Class<?>> SUBCOMMANDS = subcommands();

    private static java.util.SequencedMap<String, Class<?>> subcommands() {
        java.util.LinkedHashMap<String, Class<?>> m = new java.util.LinkedHashMap<>();
        m.put("run", RunCommand.class);
        m.put("sweep", SweepCommand.class);
        m.put("asm", AsmCommand.class);
        m.put("disasm", DisasmCommand.class);
        m.put("isa", IsaCommand.class);
        m.put("bench", BenchCommand.class);
        m.put("serve", ServeCommand.class);
        m.put("trace", TraceCommand.class);
        m.put("include-dir", IncludeDirCommand.class);
        m.put("help", CommandLine.HelpCommand.class);
        return java.util.Collections.unmodifiableSequencedMap(m);
    }

    /** The whole command tree: every subcommand (the usage, {@code help}, unknown or misspelt commands). */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        SUBCOMMANDS.forEach(cl::addSubcommand);
        return cl;
    }

    /**
     * The tree a command line needs: only the subcommand its first word names exactly (other words,
     * such as {@code help}, an option or a typo, get the whole tree, so their messages and
     * suggestions stay as they were).
     */
    static CommandLine commandLine(String[] args) {
        Class<?> only = args.length > 0 && !args[0].equals("help") ? SUBCOMMANDS.get(args[0]) : null;
        if (only == null) {
            return commandLine();
        }
        CommandLine cl = new CommandLine(new Main());
        cl.addSubcommand(args[0], only);
        return cl;
    }

    /** Exit codes, as docs/cli.md lists them. */
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int BAD_INPUT = 2;
    public static final int INTERNAL = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** {@code rvsimt} without a command is a usage error: the usage goes to stderr, exit 2. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return BAD_INPUT;
    }

    /** Progress lines only make sense on a terminal; pipes and CI logs get none. */
    static volatile boolean interactive;

    public static void main(String[] args) {
        LauncherStderr.install();
        Integer quick = quickAnswer(args, System.out, System.err);
        if (quick != null) {
            System.exit(quick);
        }
        StartUpWarmUp.start(args, PlainRunLine.parse(args) == null);
        java.io.Console console = System.console();
        interactive = console != null && console.isTerminal();
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /**
     * {@code --version}, {@code --help} and no arguments, answered without building picocli's model of
     * every command (about half a second of a start-up's CPU): the version line, and the usage text
     * the build rendered ({@link UsageText}). Returns the exit code, or null for every other command
     * line (and when the stored usage is missing), which {@link #execute} then runs.
     */
    static Integer quickAnswer(String[] args, java.io.PrintStream out, java.io.PrintStream err) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            out.println(Version.line());
            out.flush();
            return OK;
        }
        boolean help = args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"));
        if (help || args.length == 0) {
            String usage = UsageText.stored();
            if (usage == null) {
                return null;
            }
            java.io.PrintStream to = help ? out : err;
            to.print(usage);
            to.flush();
            return help ? OK : BAD_INPUT;
        }
        return null;
    }

    /** Runs a command line with the given streams; returns the exit code (used by tests too). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        RunCommand plain = PlainRunLine.parse(args);
        if (plain != null) {
            try {
                return plain.run(out, err);
            } catch (Exception e) {
                // What picocli's execution exception handler (below) does with it.
                return report(e, err);
            } catch (OutOfMemoryError e) {
                return outOfMemory(e, err);
            } finally {
                out.flush();
                err.flush();
            }
        }
        CommandLine cl = commandLine(args);
        // Every subcommand has --version (mixinStandardHelpOptions); without a provider it printed nothing.
        for (CommandLine sub : cl.getSubcommands().values()) {
            sub.getCommandSpec().versionProvider(new Version());
        }
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            if (java.util.Arrays.asList(a).contains("--json")) {
                // --json promises exactly one JSON object on stdout, usage errors included.
                out.println(RunCommand.toJson(java.util.Map.of("status", "error", "message", ex.getMessage())));
            }
            err.println(usageError(ex));
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> report(ex, err));
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            return outOfMemory(e, err);
        } finally {
            out.flush();
            err.flush();
        }
    }

    private static int outOfMemory(OutOfMemoryError e, PrintWriter err) {
        err.println("rvsimt: out of host memory (" + e.getMessage() + "); give the JVM more with "
                + "RVSIMT_JAVA_OPTS=-Xmx<size>, or use a smaller launch");
        return INTERNAL;
    }

    /**
     * A usage error as the one line scripts read: the message, then where the usage is. An unknown
     * flag is named even when picocli first noticed a missing operand ({@code run --bogus}): the
     * flag is the mistake, the missing operand its consequence.
     */
    static String usageError(CommandLine.ParameterException ex) {
        CommandLine sub = ex.getCommandLine();
        String message = ex.getMessage();
        if (ex instanceof CommandLine.MissingParameterException) {
            for (String a : sub.getUnmatchedArguments()) {
                if (a.startsWith("-") && a.length() > 1) {
                    message = "Unknown option: '" + a + "'";
                    break;
                }
            }
        }
        return "rvsimt: " + message + " (usage: " + sub.getCommandSpec().qualifiedName() + " --help)";
    }

    private static int report(Exception ex, PrintWriter err) {
        if (ex instanceof UserError ue) {
            err.println("rvsimt: " + ue.getMessage());
            return ue.exitCode();
        }
        if (ex instanceof org.rvsimt.isa.asm.AsmException ae) {
            AsmErrors.lines(ae).forEach(err::println);
            return BAD_INPUT;
        }
        if (ex instanceof org.rvsimt.isa.elf.ElfFormatException fe) {
            err.println("rvsimt: " + fe.getMessage());
            return BAD_INPUT;
        }
        if (ex instanceof java.io.IOException io) {
            err.println("rvsimt: " + UserError.describe(io));
            return BAD_INPUT;
        }
        err.println("rvsimt: internal error: " + ex + (ex.getStackTrace().length > 0 ? " at " + ex.getStackTrace()[0] : "")
                + " (please report this)");
        return INTERNAL;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {line()};
        }

        static String line() {
            return name() + " (Java " + Runtime.version() + ")";
        }

        /** The line's first words, which do not depend on the JVM that runs them. */
        static String name() {
            String v = Main.class.getPackage().getImplementationVersion();
            return "rvsimt " + (v != null ? v : "0.1.0-SNAPSHOT");
        }

        /**
         * Build step: writes {@link #name} to the file {@code args[0]}, from which the ./rvsimt launcher
         * answers {@code --version} without starting a JVM (adding the Java part from the JDK's release file).
         */
        public static void main(String[] args) throws java.io.IOException {
            java.nio.file.Files.writeString(java.nio.file.Path.of(args[0]), name() + "\n");
        }
    }
}
