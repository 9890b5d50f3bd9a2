package org.rvsimt.cli;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.rvsimt.core.api.RandomFill;
import org.rvsimt.core.semantics.LowPrecision;

/** Turns manifest buffer descriptions into bytes and back into numbers for the checks. */
final class LaunchPlan {
    private LaunchPlan() { }

    /** The names of the manifest's buffers the host leaves uninitialized (for initcheck). */
    static java.util.Set<String> uninitialized(Manifest m) {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (Manifest.Arg a : m.args()) {
            if (a instanceof Manifest.BufferArg b && b.uninitialized()) {
                out.add(b.name());
            }
        }
        return out;
    }

    /** The initial contents of a buffer argument, encoded in its element type. */
    static byte[] contents(Manifest.BufferArg b, String manifest, long vramBytes) {
        long count = b.count();
        if (count >= 0 && count * b.elem().bytes > vramBytes) {
            throw new UserError(manifest + ": " + b.path() + ": a buffer of " + count * b.elem().bytes
                    + " bytes does not fit in VRAM (" + (vramBytes >> 20) + " MiB)");
        }
        if (b.file() != null) {
            byte[] data = readInput(b.file(), manifest, b.path() + ".file");
            if (data.length % b.elem().bytes != 0) {
                throw new UserError(manifest + ": " + b.path() + ".file: " + b.file().getFileName() + " has "
                        + data.length + " bytes, not a multiple of the " + b.elem().bytes + "-byte element");
            }
            return data;
        }
        if (b.zeros() != null) {
            return new byte[b.zeros() * b.elem().bytes];
        }
        double[] values;
        if (b.random() != null) {
            Manifest.Random r = b.random();
            values = new double[r.count()];
            if (b.elem().isFloat()) {
                float[] f = RandomFill.floats(r.count(), r.seed(), r.min(), r.max());
                for (int i = 0; i < f.length; i++) {
                    values[i] = f[i];
                }
            } else {
                int[] v = RandomFill.ints(r.count(), r.seed(), (long) Math.ceil(r.min()), (long) Math.floor(r.max()));
                for (int i = 0; i < v.length; i++) {
                    values[i] = v[i];
                }
            }
        } else {
            values = b.values();
        }
        return encode(values, b.elem());
    }

    static byte[] encode(double[] values, Manifest.Elem elem) {
        ByteBuffer bb = ByteBuffer.allocate(values.length * elem.bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (double v : values) {
            switch (elem) {
                case F32 -> bb.putFloat((float) v);
                case I32, U32 -> bb.putInt((int) (long) v);
                case U8, I8 -> bb.put((byte) (long) v);
                case U16, I16 -> bb.putShort((short) (long) v);
                case BF16 -> bb.putShort((short) (LowPrecision.fcvtBf16S(Float.floatToRawIntBits((float) v), 0) >>> 16));
            }
        }
        return bb.array();
    }

    static double[] decode(byte[] data, Manifest.Elem elem) {
        ByteBuffer bb = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        double[] out = new double[data.length / elem.bytes];
        for (int i = 0; i < out.length; i++) {
            out[i] = switch (elem) {
                case F32 -> bb.getFloat();
                case I32 -> bb.getInt();
                case U32 -> Integer.toUnsignedLong(bb.getInt());
                case U8 -> bb.get() & 0xFF;
                case I8 -> bb.get();
                case U16 -> bb.getShort() & 0xFFFF;
                case I16 -> bb.getShort();
                case BF16 -> Float.intBitsToFloat((bb.getShort() & 0xFFFF) << 16);
            };
        }
        return out;
    }

    /** Result of one {@code expect} entry; values are of the buffer's element type {@code elem}. */
    record Check(String arg, Manifest.Elem elem, boolean pass, double maxAbsErr, int mismatches, int firstBad, double got,
                 double want, String problem) {

        /**
         * A value as text and JSON show it: an integer element type's values (and their differences)
         * are integers, printed without a fraction ({@code got -41}, not {@code -41.0}).
         */
        Number shown(double v) {
            return elem.isFloat() || !Double.isFinite(v) ? (Number) v : (Number) (long) v;
        }
    }

    /** Reads a file a manifest names, with errors naming the manifest and the field. */
    static byte[] readInput(Path file, String manifest, String field) {
        if (!java.nio.file.Files.isRegularFile(file)) {
            throw new UserError(manifest + ": " + field + ": " + file.getFileName()
                    + (java.nio.file.Files.exists(file) ? ": not a regular file" : ": no such file"));
        }
        try {
            return CliFiles.read(file);
        } catch (UserError e) {
            throw new UserError(manifest + ": " + field + ": " + e.getMessage());
        }
    }

    static Check check(Manifest.Expect e, Manifest.BufferArg b, byte[] actual, String manifest) {
        double[] want;
        if (e.file() != null) {
            want = decode(readInput(e.file(), manifest, e.path() + ".file"), b.elem());
        } else {
            want = e.values();
        }
        double[] got = decode(actual, b.elem());
        if (want.length != got.length) {
            return new Check(e.arg(), b.elem(), false, Double.NaN, Math.abs(want.length - got.length), -1, 0, 0,
                    "expected " + want.length + " elements, buffer has " + got.length);
        }
        double maxErr = 0;
        int bad = 0;
        int first = -1;
        for (int i = 0; i < got.length; i++) {
            double g = got[i];
            double w = want[i];
            boolean ok;
            double err;
            if (Double.isNaN(w) || Double.isNaN(g)) {
                ok = Double.isNaN(w) && Double.isNaN(g);
                err = ok ? 0 : Double.POSITIVE_INFINITY;
            } else if (Double.isInfinite(w) || Double.isInfinite(g)) {
                ok = w == g;
                err = ok ? 0 : Double.POSITIVE_INFINITY;
            } else {
                err = Math.abs(g - w);
                ok = err <= e.tol() + e.rtol() * Math.abs(w);
            }
            maxErr = Math.max(maxErr, err);
            if (!ok) {
                if (first < 0) {
                    first = i;
                }
                bad++;
            }
        }
        return new Check(e.arg(), b.elem(), bad == 0, maxErr, bad, first, first >= 0 ? got[first] : 0, first >= 0 ? want[first] : 0,
                null);
    }

    static String relative(Path p) {
        Path cwd = Path.of("").toAbsolutePath();
        Path abs = p.toAbsolutePath();
        return abs.startsWith(cwd) ? cwd.relativize(abs).toString() : abs.toString();
    }
}
