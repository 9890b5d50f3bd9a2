package org.rvsimt.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;

/** A problem with what the user gave us: printed as one line, exit code 2 unless said otherwise. */
public final class UserError extends RuntimeException {
    private final int exitCode;

    public UserError(String message) {
        this(message, Main.BAD_INPUT);
    }

    public UserError(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    /** One readable line for an I/O failure, naming the file. */
    /** {@link #describe(IOException)}, naming {@code file} when the exception itself names none (EIO, ...). */
    public static String describe(IOException e, java.nio.file.Path file) {
        boolean named = e instanceof java.nio.file.FileSystemException f && f.getFile() != null;
        return named ? describe(e) : file + ": " + describe(e);
    }

    public static String describe(IOException e) {
        if (e instanceof NoSuchFileException n) {
            return n.getFile() + ": no such file";
        }
        if (e instanceof AccessDeniedException a) {
            return a.getFile() + ": permission denied";
        }
        String m = e.getMessage();
        return m != null ? m : e.getClass().getSimpleName();
    }
}
