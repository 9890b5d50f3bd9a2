package org.rvsimt.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The top-level usage ({@code rvsimt --help}, and {@code rvsimt} alone), rendered by picocli when
 * the jar is built and stored beside this class: building picocli's model of every command costs a
 * start-up a few hundred milliseconds of CPU (picocli runs interpreted and reflects over every
 * command's options), so {@code --help} prints the stored text instead. UsageTextTest checks that the
 * stored text is what picocli renders now.
 */
final class UsageText {
    /** The resource, next to this class, that the build writes (rvsimt-cli/pom.xml, process-classes). */
    static final String RESOURCE = "usage.txt";

    private UsageText() { }

    /** The usage as picocli renders it from the command model. */
    static String render() {
        StringWriter text = new StringWriter();
        try (PrintWriter w = new PrintWriter(text)) {
            Main.commandLine().usage(w);
        }
        return text.toString();
    }

    /** The usage the build stored, or null when this class runs without it (straight from sources). */
    static String stored() {
        try (InputStream in = UsageText.class.getResourceAsStream(RESOURCE)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    /** Build step: writes the rendered usage to the file {@code args[0]}. */
    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        Files.createDirectories(out.getParent());
        Files.writeString(out, render(), StandardCharsets.UTF_8);
    }
}
