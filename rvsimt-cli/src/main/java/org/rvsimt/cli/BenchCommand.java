package org.rvsimt.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder: the benchmark suite lands with the speed issue (this file is replaced wholesale). */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Run the performance suite of bench/.")
final class BenchCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserError("bench: not yet implemented");
    }
}
