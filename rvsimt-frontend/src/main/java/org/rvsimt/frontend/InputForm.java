package org.rvsimt.frontend;

/** How {@link FrontEnds} recognizes a front end's files. */
public enum InputForm {
    /** Text with no magic number (assembly, C): the file's extension decides, before its content is read. */
    TEXT,
    /** A binary format: recognized by its content (a magic number) first, by its extension only after that. */
    BINARY
}
