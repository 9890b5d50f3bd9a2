package org.rvsimt.cli.bench;

/** One benchmark of the suite: a name, what it measures, and a workload per size tier. */
public interface BenchCase {
    /** Short name used on the command line ({@code --case NAME}) and in the output. */
    String name();

    /** One line: what the kernel does and how it is launched. */
    String description();

    /** The program in bench/native/ this case is timed against (cases that differ only in the ISA share one). */
    default String nativeName() {
        return name();
    }

    /**
     * For a vector (RVV) or matrix (MMA) version: the scalar case it is compared with in the report's
     * "vs scalar" column (same engine, threads and size), or null for a scalar case.
     */
    default String scalarName() {
        return null;
    }

    /** The workload at a size tier: inputs, launches, reference, native arguments. */
    Workload workload(Tier tier, BenchKernels kernels);
}
