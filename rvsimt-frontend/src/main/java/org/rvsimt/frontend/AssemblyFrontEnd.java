package org.rvsimt.frontend;

import java.io.IOException;
import org.rvsimt.core.api.DeviceException;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.isa.DeviceIsa;
import org.rvsimt.isa.Extension;
import org.rvsimt.isa.asm.AsmException;
import org.rvsimt.isa.asm.AsmOptions;

/** RISC-V assembly ({@code .S}/{@code .s}, the GNU as subset of rvsimt's assembler), linked with text at 0. */
public final class AssemblyFrontEnd extends AbstractFrontEnd {
    public AssemblyFrontEnd() {
        super("assembly", InputForm.TEXT, ".S");
    }

    /**
     * Compressed instructions where they fit when the device's ISA was chosen and has C, as GNU as does
     * for a {@code -march} with {@code c} (the same rule that gives C kernels that {@code -march}); the
     * source can still switch with {@code .option rvc/norvc}.
     */
    @Override
    public KernelBuild load(KernelSource source, FrontEndOptions options) throws FrontEndException, IOException {
        try {
            boolean compressed = options.march() != null && DeviceIsa.parse(options.march()).has(Extension.C);
            return new KernelBuild(Kernel.fromAssembly(source.text(), source.name(),
                    AsmOptions.defaults().withCompressed(compressed)), this, null);
        } catch (AsmException | DeviceException | IllegalArgumentException e) {
            throw new FrontEndException(e.getMessage(), e);
        }
    }
}
