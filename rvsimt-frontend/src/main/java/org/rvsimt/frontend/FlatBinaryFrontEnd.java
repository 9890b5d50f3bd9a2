package org.rvsimt.frontend;

import java.io.IOException;
import org.rvsimt.core.api.Kernel;

/**
 * A flat binary ({@code .bin}, the seed's format, or {@code rvsimt asm --raw} output): the bytes are
 * placed at {@link FrontEndOptions#loadAddress()} and run from {@link FrontEndOptions#entryAddress()}.
 * It has no magic number, so it is chosen by extension only, after content recognition.
 */
public final class FlatBinaryFrontEnd extends AbstractFrontEnd {
    public FlatBinaryFrontEnd() {
        super("binary", InputForm.BINARY, ".bin");
    }

    @Override
    public KernelBuild load(KernelSource source, FrontEndOptions options) throws IOException {
        return new KernelBuild(Kernel.fromBinary(source.bytes(), options.loadAddress(), options.entryAddress(),
                source.name()), this, null);
    }
}
