package org.rvsimt.frontend;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.rvsimt.frontend.opencl.OpenClFrontEnd;

/**
 * The front ends rvsimt knows, and the rule that picks one for a file, used by every place that
 * loads a kernel from a file or bytes (the command line's run, the bench, the device server):
 *
 * <ol>
 *   <li>a text front end whose extension the file name has ({@code .S}, {@code .c}): text has no
 *       magic number, and the content is not read for this;</li>
 *   <li>else a binary front end that recognizes the content ({@code \x7fELF});</li>
 *   <li>else a binary front end whose extension the file name has ({@code .bin}).</li>
 * </ol>
 *
 * Adding a source language (e.g. OpenCL C, {@code .cl}) is one {@link FrontEnd} implementation,
 * added to {@link #standard()} (or to a registry of one's own with {@link #with}).
 */
public final class FrontEnds {
    private static final FrontEnds STANDARD = new FrontEnds(List.of(new AssemblyFrontEnd(), new CFrontEnd(), new OpenClFrontEnd(),
            new ElfFrontEnd(), new FlatBinaryFrontEnd()));

    private final List<FrontEnd> frontEnds;

    private FrontEnds(List<FrontEnd> frontEnds) {
        this.frontEnds = List.copyOf(frontEnds);
    }

    /** Assembly, C, OpenCL C, ELF and flat binaries, in that order. */
    public static FrontEnds standard() {
        return STANDARD;
    }

    /** This registry and {@code extra} after it (earlier front ends win ties). */
    public FrontEnds with(FrontEnd extra) {
        List<FrontEnd> all = new ArrayList<>(frontEnds);
        all.add(extra);
        return new FrontEnds(all);
    }

    public List<FrontEnd> all() {
        return frontEnds;
    }

    public Optional<FrontEnd> byName(String name) {
        return frontEnds.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /**
     * The front end for {@code source} by the rule above, or empty when none reads it (then
     * {@link #notAKernel()} says what the file is not). Reads the content only when no text front
     * end claims the name.
     */
    public Optional<FrontEnd> select(KernelSource source) throws IOException {
        String name = source.name();
        Optional<FrontEnd> text = byExtension(name, InputForm.TEXT);
        if (text.isPresent()) {
            return text;
        }
        byte[] content = source.bytes();
        for (FrontEnd f : frontEnds) {
            if (f.form() == InputForm.BINARY && f.recognizes(content)) {
                return Optional.of(f);
            }
        }
        return byExtension(name, InputForm.BINARY);
    }

    /** Selects and loads; a source no front end reads is a {@link FrontEndException} naming it. */
    public KernelBuild load(KernelSource source, FrontEndOptions options) throws FrontEndException, IOException {
        FrontEnd f = select(source).orElseThrow(() -> new FrontEndException(source.name() + ": " + notAKernel()));
        return f.load(source, options);
    }

    /** What a file no front end reads is not: {@code not an ELF file, and not .S, .c, .cl or .bin}. */
    public String notAKernel() {
        List<String> contents = new ArrayList<>();
        List<String> extensions = new ArrayList<>();
        for (FrontEnd f : frontEnds) {
            if (f.contentDescription() != null) {
                contents.add(f.contentDescription());
            }
            extensions.addAll(f.extensions());
        }
        String not = contents.isEmpty() ? "" : "not " + orList(contents) + ", and ";
        return not + "not " + orList(extensions);
    }

    private Optional<FrontEnd> byExtension(String fileName, InputForm form) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        for (FrontEnd f : frontEnds) {
            if (f.form() == form) {
                for (String ext : f.extensions()) {
                    if (lower.endsWith(ext.toLowerCase(Locale.ROOT))) {
                        return Optional.of(f);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** {@code a}, {@code a or b}, {@code a, b or c}. */
    private static String orList(List<String> items) {
        if (items.size() <= 1) {
            return String.join("", items);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " or " + items.getLast();
    }
}
