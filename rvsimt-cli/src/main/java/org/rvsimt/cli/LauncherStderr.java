package org.rvsimt.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;

/**
 * Puts {@code System.err} back on the real stderr. The {@code rvsimt} launcher starts the JVM with
 * its stderr on a filter that drops the JDK's start-up warning about the incubating Vector API
 * module (printed before any of our code runs, and not switchable off), and hands the real stderr
 * over as another file descriptor, named by {@value #PROPERTY}. Writing there directly keeps the
 * CLI's messages unfiltered and in order with stdout, and complete when the process exits.
 */
final class LauncherStderr {
    /** The system property the launcher sets to the descriptor number of the real stderr. */
    static final String PROPERTY = "rvsimt.stderr.fd";

    private LauncherStderr() { }

    /** Redirects {@code System.err} to the handed-over descriptor; without the property, does nothing. */
    static void install() {
        String fd = System.getProperty(PROPERTY);
        if (fd == null) {
            return;
        }
        try {
            // FileDescriptor has no public way to name a descriptor by number; the jar's manifest
            // opens java.io to us for this one constructor.
            var constructor = FileDescriptor.class.getDeclaredConstructor(int.class);
            constructor.setAccessible(true);
            FileDescriptor real = constructor.newInstance(Integer.parseInt(fd));
            System.setErr(new PrintStream(new BufferedOutputStream(new FileOutputStream(real), 8192), true,
                    System.err.charset()));
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Keep the JVM's own stderr: messages still arrive, through the launcher's filter.
        }
    }
}
