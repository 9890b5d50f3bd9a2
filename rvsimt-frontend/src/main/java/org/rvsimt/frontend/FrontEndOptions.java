package org.rvsimt.frontend;

/**
 * What a front end may need besides the source; each uses the fields that apply to it.
 *
 * @param entrySymbol  the symbol a linking front end (C) makes the ELF's entry point, or null for the
 *                     linker's default (the first {@code __global__} function, at address 0)
 * @param compiler     the C compiler to run instead of {@link CKernelCompiler#DEFAULT_CC} (a name on
 *                     PATH or a path), or null
 * @param vramBytes    the device's VRAM, which an ELF's segments must fit
 * @param loadAddress  where a flat binary is placed
 * @param entryAddress where a flat binary starts
 * @param buildOptions the OpenCL C build options ({@code -D}, {@code -I}, {@code -cl-*}) of a {@code .cl} program, or null
 * @param march        the {@code -march} a C kernel is compiled for (the device's ISA), or null for {@code rv32imaf}
 */
public record FrontEndOptions(String entrySymbol, String compiler, long vramBytes, int loadAddress, int entryAddress,
        String buildOptions, String march) {

    public FrontEndOptions(String entrySymbol, String compiler, long vramBytes, int loadAddress, int entryAddress,
                           String buildOptions) {
        this(entrySymbol, compiler, vramBytes, loadAddress, entryAddress, buildOptions, null);
    }
    /** No entry symbol, the default compiler, a 4 GiB address space, flat binaries at 0 starting at 0. */
    public static FrontEndOptions defaults() {
        return new FrontEndOptions(null, null, 1L << 32, 0, 0, null);
    }

    public FrontEndOptions withEntrySymbol(String symbol) {
        return new FrontEndOptions(symbol, compiler, vramBytes, loadAddress, entryAddress, buildOptions, march);
    }

    public FrontEndOptions withCompiler(String cc) {
        return new FrontEndOptions(entrySymbol, cc, vramBytes, loadAddress, entryAddress, buildOptions, march);
    }

    public FrontEndOptions withVramBytes(long bytes) {
        return new FrontEndOptions(entrySymbol, compiler, bytes, loadAddress, entryAddress, buildOptions, march);
    }

    public FrontEndOptions withLoadAddress(int address, int entry) {
        return new FrontEndOptions(entrySymbol, compiler, vramBytes, address, entry, buildOptions, march);
    }

    /** C kernels are compiled for {@code arch} (e.g. {@code rv32imaf_zba_zbb}) instead of {@code rv32imaf}. */
    public FrontEndOptions withMarch(String arch) {
        return new FrontEndOptions(entrySymbol, compiler, vramBytes, loadAddress, entryAddress, buildOptions, arch);
    }

    public FrontEndOptions withBuildOptions(String options) {
        return new FrontEndOptions(entrySymbol, compiler, vramBytes, loadAddress, entryAddress, options, march);
    }
}
