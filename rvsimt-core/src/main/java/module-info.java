/**
 * The simulator: the host API and what an embedding application or another rvsimt module sees of a
 * launch. Only these packages are exported; the engines (org.rvsimt.core.exec and its sub-packages
 * other than program) are internal: their classes are public so the packages can reach each other,
 * and this module declaration is what keeps them out of reach. The Vector API is optional
 * ({@code requires static}): the host-SIMD paths are used when the JVM was started with
 * {@code --add-modules=jdk.incubator.vector}, the scalar code otherwise.
 */
module org.rvsimt.core {
    requires transitive org.rvsimt.isa;
    requires static jdk.incubator.vector;

    exports org.rvsimt.core.api;
    exports org.rvsimt.core.events;
    exports org.rvsimt.core.fault;
    exports org.rvsimt.core.trace;
    exports org.rvsimt.core.memory;
    exports org.rvsimt.core.semantics;
    // Kernel.program() hands out the predecoded program (listings, checks, the web UI's disassembly).
    exports org.rvsimt.core.exec.program;
}
