package org.rvsimt.frontend;

import java.util.List;

/**
 * A front end whose name, input form and file extensions are fixed values given to the constructor, so
 * an implementation writes only what differs: how it loads (and, for a binary format, how it recognizes
 * its content).
 */
public abstract class AbstractFrontEnd implements FrontEnd {
    private final String name;
    private final InputForm form;
    private final List<String> extensions;

    /** {@code extensions} with the dot, as messages show them ({@code .S}); none for content-only formats. */
    protected AbstractFrontEnd(String name, InputForm form, String... extensions) {
        this.name = name;
        this.form = form;
        this.extensions = List.of(extensions);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final InputForm form() {
        return form;
    }

    @Override
    public final List<String> extensions() {
        return extensions;
    }
}
