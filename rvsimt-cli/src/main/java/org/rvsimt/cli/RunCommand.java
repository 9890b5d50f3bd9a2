package org.rvsimt.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Launch a kernel from a manifest (launch.yaml) or a kernel file, and check its results.")
final class RunCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "MANIFEST|KERNEL")
    String target;

    @Override
    public Integer call() {
        throw new UserError("run: not yet implemented (the SIMT engine lands with issue 3)");
    }
}
