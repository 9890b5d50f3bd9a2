package org.rvsimt.frontend;

import java.io.IOException;
import java.util.List;

/**
 * Turns one kind of kernel source (assembly, an ELF file, a flat binary, C, ...) into a loadable
 * {@link org.rvsimt.core.api.Kernel}. {@link FrontEnds} picks the front end for a file; a new source
 * language (OpenCL C, say) is one more implementation added to {@link FrontEnds#standard()}.
 */
public interface FrontEnd {
    /** A short name for messages and {@link FrontEnds#byName}: {@code assembly}, {@code elf}, ... */
    String name();

    /** Whether the file's extension or its content decides that this front end reads it. */
    InputForm form();

    /**
     * The file extensions this front end reads, with the dot, in the spelling messages show
     * ({@code .S}); a file name matches them ignoring case.
     */
    List<String> extensions();

    /**
     * What a file this front end recognizes by its content is, for messages ({@code an ELF file}),
     * or null when it recognizes nothing by content.
     */
    default String contentDescription() {
        return null;
    }

    /** Whether {@code content} is certainly this front end's (a magic number); false when unsure. */
    default boolean recognizes(byte[] content) {
        return false;
    }

    /**
     * Builds the kernel.
     *
     * @throws FrontEndException for a source that does not make a kernel (the message is one line,
     *                           naming the file and, where known, the line)
     * @throws IOException       when the source cannot be read
     */
    KernelBuild load(KernelSource source, FrontEndOptions options) throws FrontEndException, IOException;
}
