package org.rvsimt.cli;

import java.util.List;
import java.util.Map;
import org.rvsimt.core.api.Abi;

/**
 * A launch manifest (docs/manifest.md) after validation: every field has its final type,
 * paths are resolved against the manifest's folder.
 */
record Manifest(String source, java.nio.file.Path kernel, String entry, Abi abi, int[] grid, int[] block,
                int shared, Device device, List<Arg> args, List<Expect> expect, Long watchdog) {

    /** The optional {@code device:} block; null fields keep the defaults. */
    record Device(Long vram, Integer warpSize, Integer computeUnits, Integer warpsPerUnit, Integer stack, Boolean fastSfu,
                  Integer vlen, org.rvsimt.isa.DeviceIsa isa) {
        static final Device NONE = new Device(null, null, null, null, null, null, null, null);
    }

    /** Element types of buffers, with their size in bytes. */
    enum Elem {
        F32(4), I32(4), U32(4), U8(1), I8(1), U16(2), I16(2), BF16(2);

        final int bytes;

        Elem(int bytes) {
            this.bytes = bytes;
        }

        boolean isFloat() {
            return this == F32 || this == BF16;
        }

        /** Smallest and largest value of an integer element type. */
        long min() {
            return switch (this) {
                case I8 -> Byte.MIN_VALUE;
                case I16 -> Short.MIN_VALUE;
                case I32 -> Integer.MIN_VALUE;
                default -> 0;
            };
        }

        long max() {
            return switch (this) {
                case U8 -> 0xFF;
                case I8 -> Byte.MAX_VALUE;
                case U16 -> 0xFFFF;
                case I16 -> Short.MAX_VALUE;
                case I32 -> Integer.MAX_VALUE;
                default -> 0xFFFFFFFFL;
            };
        }

        static final Map<String, Elem> BY_NAME = Map.of("f32", F32, "i32", I32, "u32", U32, "u8", U8, "i8", I8,
                "u16", U16, "i16", I16, "bf16", BF16);
    }

    /** One argument word: a scalar, or a buffer and how to fill it. */
    sealed interface Arg permits Scalar, BufferArg {
        String name();
    }

    record Scalar(String name, int bits, String display) implements Arg { }

    /**
     * Exactly one of random / values / file / zeros / uninitialized fills the buffer; an
     * {@code uninitialized} buffer has {@code zeros} elements (the device's memory is zero) that
     * initcheck treats as never written.
     */
    record BufferArg(String name, Elem elem, Random random, double[] values, java.nio.file.Path file, Integer zeros,
                     java.nio.file.Path output, Long at, String path, boolean uninitialized) implements Arg {
        /** Elements the buffer will hold, when known before reading a file. */
        long count() {
            return random != null ? random.count() : values != null ? values.length : zeros != null ? zeros : -1;
        }
    }

    record Random(int count, long seed, double min, double max) { }

    record Expect(String arg, java.nio.file.Path file, double[] values, double tol, double rtol, String path) { }
}
