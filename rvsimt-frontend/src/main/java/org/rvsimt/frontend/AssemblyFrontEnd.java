package org.rvsimt.frontend;

import java.io.IOException;
import java.util.List;
import org.rvsimt.core.api.DeviceException;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.isa.asm.AsmException;

/** RISC-V assembly ({@code .S}/{@code .s}, the GNU as subset of rvsimt's assembler), linked with text at 0. */
public final class AssemblyFrontEnd implements FrontEnd {
    @Override
    public String name() {
        return "assembly";
    }

    @Override
    public InputForm form() {
        return InputForm.TEXT;
    }

    @Override
    public List<String> extensions() {
        return List.of(".S");
    }

    @Override
    public KernelBuild load(KernelSource source, FrontEndOptions options) throws FrontEndException, IOException {
        try {
            return new KernelBuild(Kernel.fromAssembly(source.text(), source.name()), this, null);
        } catch (AsmException | DeviceException e) {
            throw new FrontEndException(e.getMessage(), e);
        }
    }
}
