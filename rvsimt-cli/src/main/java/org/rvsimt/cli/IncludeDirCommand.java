package org.rvsimt.cli;

import java.util.concurrent.Callable;
import org.rvsimt.frontend.DeviceHeaders;
import org.rvsimt.frontend.FrontEndException;
import picocli.CommandLine.Command;

@Command(name = "include-dir", mixinStandardHelpOptions = true,
        description = {"Print the folder holding rvsimt.h and rvsimt.ld (the device header and linker script), for "
            + "building C kernels with your own build system: clang-19 ... -I \"$(rvsimt include-dir)\" "
            + "-T \"$(rvsimt include-dir)/rvsimt.ld\".",
            "It is the folder 'rvsimt run' uses for a C kernel outside a kernels tree."})
final class IncludeDirCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        try {
            spec.commandLine().getOut().println(DeviceHeaders.standalone());
        } catch (FrontEndException e) {
            throw new UserError(e.getMessage());
        }
        return Main.OK;
    }
}
