package org.rvsimt.cli;

import java.util.ArrayList;
import java.util.List;
import org.rvsimt.isa.asm.AsmException;

/**
 * How the CLI prints assembler errors: one line per error in the compilers' form
 * {@code file:line:column: message}, in line order, so the first line is the first error (what a
 * script reading one line gets) and an editor can step through the rest. At most
 * {@value #SHOWN} are printed, then one line says how many more there were.
 */
final class AsmErrors {
    /** Errors printed before the rest are summarised. */
    static final int SHOWN = 20;

    private AsmErrors() { }

    static List<String> lines(AsmException e) {
        List<String> lines = new ArrayList<>();
        for (AsmException each : e.errors()) {
            if (lines.size() == SHOWN) {
                break;
            }
            lines.add(each.getMessage());
        }
        int more = e.count() - lines.size();
        if (more > 0) {
            lines.add(e.file() + ": and " + more + " more error" + (more == 1 ? "" : "s"));
        }
        return lines;
    }
}
