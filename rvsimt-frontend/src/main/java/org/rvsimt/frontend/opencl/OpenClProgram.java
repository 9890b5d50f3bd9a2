package org.rvsimt.frontend.opencl;

import java.util.List;
import java.util.Optional;

/**
 * A built OpenCL C program: one ELF holding every kernel (each with its own entry stub), what the
 * host needs to launch them, and the compiler's messages (warnings; empty when there were none).
 */
public record OpenClProgram(byte[] elf, List<OpenClKernel> kernels, String buildLog) {
    public OpenClProgram {
        kernels = List.copyOf(kernels);
    }

    public Optional<OpenClKernel> kernel(String name) {
        return kernels.stream().filter(k -> k.name().equals(name)).findFirst();
    }

    public List<String> kernelNames() {
        return kernels.stream().map(OpenClKernel::name).toList();
    }
}
