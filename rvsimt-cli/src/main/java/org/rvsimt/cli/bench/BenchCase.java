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

    /** The workload at a size tier: inputs, launches, reference, native arguments. */
    Workload workload(Tier tier, BenchKernels kernels);
}
