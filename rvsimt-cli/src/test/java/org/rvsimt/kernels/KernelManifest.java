package org.rvsimt.kernels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.rvsimt.core.api.RandomFill;

/**
 * A kernel's launch.yaml as the references and the API test read it: an independent, small reader
 * of the manifest format of docs/manifest.md (only what the kernel library uses: scalars
 * u32/i32/f32, buffers f32/i32/u32 from random/values/zeros/file, at, expect with file/values).
 * Inputs are regenerated exactly as the runner does: {@link RandomFill}.
 */
final class KernelManifest {
    /** A buffer's contents: float[] for f32, int[] for i32/u32. */
    record Arg(String name, String type, boolean buffer, int scalarBits, Object data, Long at) {
        float[] floats() {
            return (float[]) data;
        }

        int[] ints() {
            return (int[]) data;
        }

        int byteCount() {
            return data instanceof float[] f ? 4 * f.length : 4 * ((int[]) data).length;
        }
    }

    record Expect(String arg, String file, double[] values, double tol, double rtol) { }

    final Path file;
    final Path dir;
    final String folder;
    final String kernel;
    final String entry;
    final boolean seedAbi;
    /** The manifest's {@code device.isa}, or null for the default device. */
    final String isa;
    final int[] grid;
    final int[] block;
    final int shared;
    final Map<String, Arg> args = new LinkedHashMap<>();
    final List<Expect> expects = new ArrayList<>();

    private KernelManifest(Path file) {
        this.file = file;
        this.dir = file.toAbsolutePath().getParent();
        this.folder = dir.getFileName().toString();
        JsonNode root;
        try {
            root = new YAMLMapper().readTree(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        kernel = root.get("kernel").asText();
        entry = root.has("entry") ? root.get("entry").asText() : null;
        seedAbi = root.has("abi") && root.get("abi").asText().equals("seed");
        isa = root.path("device").has("isa") ? root.path("device").get("isa").asText() : null;
        grid = dims(root.get("grid"));
        block = dims(root.get("block"));
        shared = root.has("shared") ? (int) integer(root.get("shared")) : 0;
        for (JsonNode a : root.path("args")) {
            Arg arg = arg(a);
            if (args.put(arg.name(), arg) != null) {
                throw new IllegalArgumentException(file + ": duplicate argument " + arg.name());
            }
        }
        for (JsonNode e : root.path("expect")) {
            double[] values = null;
            if (e.has("values")) {
                values = new double[e.get("values").size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = number(e.get("values").get(i));
                }
            }
            expects.add(new Expect(e.get("arg").asText(), e.has("file") ? e.get("file").asText() : null, values,
                    e.has("tol") ? number(e.get("tol")) : 0, e.has("rtol") ? number(e.get("rtol")) : 0));
        }
    }

    static KernelManifest load(Path file) {
        return new KernelManifest(file);
    }

    /** The repository's kernels/ folder, found by walking up from the working directory. */
    static Path kernelsDir() {
        Path d = Path.of("").toAbsolutePath();
        while (d != null) {
            if (Files.isRegularFile(d.resolve("kernels/include/rvsimt.h"))) {
                return d.resolve("kernels");
            }
            d = d.getParent();
        }
        throw new IllegalStateException("no kernels/include/rvsimt.h above " + Path.of("").toAbsolutePath());
    }

    /** Every kernels/NAME/launch.yaml, sorted by folder name. */
    static List<Path> all() {
        try (Stream<Path> s = Files.list(kernelsDir())) {
            return s.map(d -> d.resolve("launch.yaml")).filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path kernelPath() {
        return dir.resolve(kernel);
    }

    Arg arg(String name) {
        Arg a = args.get(name);
        if (a == null) {
            throw new IllegalArgumentException(file + ": no argument '" + name + "'");
        }
        return a;
    }

    float[] floats(String name) {
        return arg(name).floats();
    }

    int[] ints(String name) {
        return arg(name).ints();
    }

    int u32(String name) {
        return arg(name).scalarBits();
    }

    float f32(String name) {
        return Float.intBitsToFloat(arg(name).scalarBits());
    }

    @Override
    public String toString() {
        return folder;
    }

    // ------------------------------------------------------------------ parsing

    private Arg arg(JsonNode a) {
        String name = a.get("name").asText();
        for (String t : List.of("u32", "i32", "f32")) {
            if (a.has(t)) {
                int bits = t.equals("f32") ? Float.floatToRawIntBits((float) number(a.get(t))) : (int) integer(a.get(t));
                return new Arg(name, t, false, bits, null, null);
            }
        }
        String type = a.get("buffer").asText();
        boolean f = switch (type) {
            case "f32" -> true;
            case "i32", "u32" -> false;
            default -> throw new IllegalArgumentException(file + ": buffer type " + type + " is not used by the library");
        };
        Object data;
        if (a.has("random")) {
            JsonNode r = a.get("random");
            int count = (int) integer(r.get("count"));
            long seed = r.has("seed") ? integer(r.get("seed")) : 0;
            double min = r.has("min") ? number(r.get("min")) : 0;
            double max = r.has("max") ? number(r.get("max")) : 1;
            data = f ? RandomFill.floats(count, seed, min, max)
                    : RandomFill.ints(count, seed, (long) Math.ceil(min), (long) Math.floor(max));
        } else if (a.has("values")) {
            JsonNode v = a.get("values");
            if (f) {
                float[] x = new float[v.size()];
                for (int i = 0; i < x.length; i++) {
                    x[i] = (float) number(v.get(i));
                }
                data = x;
            } else {
                int[] x = new int[v.size()];
                for (int i = 0; i < x.length; i++) {
                    x[i] = (int) integer(v.get(i));
                }
                data = x;
            }
        } else if (a.has("zeros")) {
            int n = (int) integer(a.get("zeros"));
            data = f ? new float[n] : new int[n];
        } else if (a.has("file")) {
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(dir.resolve(a.get("file").asText()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            data = f ? toFloats(bytes) : toInts(bytes);
        } else {
            throw new IllegalArgumentException(file + ": buffer " + name + " has no contents");
        }
        Long at = a.has("at") ? integer(a.get("at")) : null;
        return new Arg(name, type, true, 0, data, at);
    }

    private static int[] dims(JsonNode n) {
        int[] d = {1, 1, 1};
        if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                d[i] = (int) integer(n.get(i));
            }
        } else {
            d[0] = (int) integer(n);
        }
        return d;
    }

    static long integer(JsonNode n) {
        if (n.isIntegralNumber()) {
            return n.asLong();
        }
        String t = n.asText().trim().replace("_", "");
        if (t.startsWith("0x") || t.startsWith("0X")) {
            return Long.parseLong(t.substring(2), 16);
        }
        return Long.parseLong(t);
    }

    static double number(JsonNode n) {
        return n.isNumber() ? n.asDouble() : Double.parseDouble(n.asText().trim());
    }

    // ------------------------------------------------------------------ little-endian helpers

    static byte[] bytes(Object data) {
        if (data instanceof float[] f) {
            ByteBuffer bb = ByteBuffer.allocate(4 * f.length).order(ByteOrder.LITTLE_ENDIAN);
            for (float v : f) {
                bb.putInt(Float.floatToRawIntBits(v));
            }
            return bb.array();
        }
        int[] x = (int[]) data;
        ByteBuffer bb = ByteBuffer.allocate(4 * x.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : x) {
            bb.putInt(v);
        }
        return bb.array();
    }

    static float[] toFloats(byte[] b) {
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        float[] out = new float[b.length / 4];
        for (int i = 0; i < out.length; i++) {
            out[i] = Float.intBitsToFloat(bb.getInt());
        }
        return out;
    }

    static int[] toInts(byte[] b) {
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int[] out = new int[b.length / 4];
        for (int i = 0; i < out.length; i++) {
            out[i] = bb.getInt();
        }
        return out;
    }
}
