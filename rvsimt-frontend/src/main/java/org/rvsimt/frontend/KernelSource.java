package org.rvsimt.frontend;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A kernel's source as a front end sees it: a name for messages, the file it is in (null for bytes
 * that came from elsewhere, e.g. a socket) and its content, read at most once and only when a front
 * end asks (a C compiler reads the file itself).
 */
public final class KernelSource {
    /** Reads the content; the caller decides how a failure is reported. */
    @FunctionalInterface
    public interface Reader {
        byte[] read() throws IOException;
    }

    private final String name;
    private final Path path;
    private final Reader reader;
    private byte[] content;

    private KernelSource(String name, Path path, Reader reader) {
        this.name = Objects.requireNonNull(name, "name");
        this.path = path;
        this.reader = Objects.requireNonNull(reader, "reader");
    }

    /** The file {@code path}, named by its file name, read with {@code reader}. */
    public static KernelSource ofFile(Path path, Reader reader) {
        return new KernelSource(path.getFileName().toString(), path, reader);
    }

    /** The file {@code path}, read with {@link Files#readAllBytes}. */
    public static KernelSource ofFile(Path path) {
        return ofFile(path, () -> Files.readAllBytes(path));
    }

    /** Bytes with no file behind them. */
    public static KernelSource ofBytes(String name, byte[] bytes) {
        byte[] copy = bytes.clone();
        return new KernelSource(name, null, () -> copy);
    }

    public String name() {
        return name;
    }

    /** The file, or null for bytes from elsewhere. */
    public Path path() {
        return path;
    }

    public synchronized byte[] bytes() throws IOException {
        if (content == null) {
            content = reader.read();
        }
        return content;
    }

    public String text() throws IOException {
        return new String(bytes(), StandardCharsets.UTF_8);
    }
}
