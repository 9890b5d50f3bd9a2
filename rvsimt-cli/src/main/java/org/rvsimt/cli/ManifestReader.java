package org.rvsimt.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.rvsimt.core.api.Abi;
import org.rvsimt.core.api.DeviceConfig;

/**
 * Reads and validates a launch manifest. Every problem becomes one {@link UserError} naming the file
 * and the field path ({@code launch.yaml: args[2].random.count: ...}), or the line for syntax errors.
 */
final class ManifestReader {
    private static final Set<String> TOP = Set.of("kernel", "entry", "abi", "grid", "block", "shared", "device", "args",
            "expect", "watchdog");
    private static final Set<String> DEVICE = Set.of("vram", "warp_size", "compute_units", "warps_per_unit", "stack",
            "sfu", "vlen", "isa");

    private final Path file;
    private final String name;

    private ManifestReader(Path file) {
        this.file = file;
        this.name = file.getFileName().toString();
    }

    static Manifest read(Path file) {
        return new ManifestReader(file).parse(CliFiles.readText(file));
    }

    private Manifest parse(String text) {
        JsonNode root;
        try {
            root = JsonTrees.read(JsonTrees.factory(!name.endsWith(".json")), text);
        } catch (JsonProcessingException e) {
            if (e.getCause() instanceof org.yaml.snakeyaml.error.MarkedYAMLException y && y.getProblemMark() != null) {
                // snakeyaml knows where the problem is; Jackson's location is where the token began.
                throw new UserError(name + ":" + (y.getProblemMark().getLine() + 1) + ":" + (y.getProblemMark().getColumn() + 1)
                        + ": " + y.getProblem());
            }
            String where = e.getLocation() != null ? ":" + e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr()
                    : "";
            throw new UserError(name + where + ": " + e.getOriginalMessage().lines().findFirst().orElse("syntax error"));
        } catch (java.io.IOException e) {
            // the text is in memory: only the parser's own errors (above) can arise
            throw new java.io.UncheckedIOException(e);
        }
        if (root == null || !root.isObject()) {
            throw new UserError(name + ": expected a mapping with at least 'kernel', 'grid' and 'block'");
        }
        unknownFields(root, TOP, "");
        Path dir = file.toAbsolutePath().getParent();
        String kernelName = requiredText(root, "kernel");
        Path kernel = dir.resolve(kernelName);
        String entry = optionalText(root, "entry");
        String abiName = root.has("abi") ? requiredText(root, "abi") : Abi.NATIVE.label();
        Abi abi = Arrays.stream(Abi.values()).filter(a -> a.label().equals(abiName)).findFirst()
                .orElseThrow(() -> error("abi", "expected native or seed, got '" + abiName + "'"));
        int[] grid = dims(root.get("grid"), "grid");
        int[] block = dims(root.get("block"), "block");
        int shared = root.has("shared") ? (int) integer(root.get("shared"), "shared", 0, 16L << 20) : 0;
        Manifest.Device device = root.has("device") ? device(root.get("device")) : Manifest.Device.NONE;
        List<Manifest.Arg> args = new ArrayList<>();
        if (root.has("args")) {
            JsonNode list = root.get("args");
            if (!list.isArray()) {
                throw error("args", "expected a list");
            }
            Set<String> names = new HashSet<>();
            for (int i = 0; i < list.size(); i++) {
                Manifest.Arg a = arg(list.get(i), "args[" + i + "]", dir);
                if (!names.add(a.name())) {
                    throw error("args[" + i + "].name", "duplicate argument name '" + a.name() + "'");
                }
                args.add(a);
            }
        }
        List<Manifest.Expect> expect = new ArrayList<>();
        if (root.has("expect")) {
            JsonNode list = root.get("expect");
            if (!list.isArray()) {
                throw error("expect", "expected a list");
            }
            for (int i = 0; i < list.size(); i++) {
                expect.add(expect(list.get(i), "expect[" + i + "]", dir, args));
            }
        }
        Long watchdog = root.has("watchdog") ? integer(root.get("watchdog"), "watchdog", 1, Long.MAX_VALUE) : null;
        return new Manifest(name, kernel, entry, abi, grid, block, shared, device, args, expect, watchdog);
    }

    // ------------------------------------------------------------------ pieces

    int[] dims(JsonNode n, String field) {
        if (n == null) {
            throw error(field, "missing (1 to 3 numbers, e.g. [4] or [16, 16])");
        }
        return parseDims(n, field);
    }

    int[] parseDims(JsonNode n, String field) {
        List<JsonNode> items = new ArrayList<>();
        if (n.isArray()) {
            n.forEach(items::add);
        } else {
            items.add(n);
        }
        if (items.isEmpty() || items.size() > 3) {
            throw error(field, "expected 1 to 3 numbers, got " + items.size());
        }
        int[] d = {1, 1, 1};
        for (int i = 0; i < items.size(); i++) {
            d[i] = (int) integer(items.get(i), field + "[" + i + "]", 1, Integer.MAX_VALUE);
        }
        return d;
    }

    private Manifest.Device device(JsonNode n) {
        if (!n.isObject()) {
            throw error("device", "expected a mapping such as {vram: 64MiB, warp_size: 32}");
        }
        unknownFields(n, DEVICE, "device.");
        Long vram = n.has("vram") ? size(n.get("vram"), "device.vram") : null;
        if (vram != null && (vram < 1 << 20 || vram > org.rvsimt.core.memory.MemoryMap.MAX_VRAM || (vram & 0xFFF) != 0)) {
            throw error("device.vram", "must be a multiple of 4 KiB between 1 MiB and "
                    + (org.rvsimt.core.memory.MemoryMap.MAX_VRAM >> 20) + " MiB, got " + vram);
        }
        Integer warp = n.has("warp_size") ? (int) integer(n.get("warp_size"), "device.warp_size", 1, 64) : null;
        Integer units = n.has("compute_units") ? (int) integer(n.get("compute_units"), "device.compute_units", 1, 1024)
                : null;
        Integer wpu = n.has("warps_per_unit") ? (int) integer(n.get("warps_per_unit"), "device.warps_per_unit", 1, 1024)
                : null;
        Integer stack = n.has("stack") ? (int) integer(n.get("stack"), "device.stack", 16, 1 << 20) : null;
        if (stack != null && (stack & 15) != 0) {
            throw error("device.stack", "must be a multiple of 16 bytes, got " + stack);
        }
        Boolean fast = null;
        if (n.has("sfu")) {
            String s = n.get("sfu").asText();
            if (!s.equals("exact") && !s.equals("fast")) {
                throw error("device.sfu", "expected exact or fast, got '" + s + "'");
            }
            fast = s.equals("fast");
        }
        Integer vlen = n.has("vlen") ? (int) integer(n.get("vlen"), "device.vlen", DeviceConfig.MIN_VLEN,
                DeviceConfig.MAX_VLEN) : null;
        if (vlen != null && !DeviceConfig.validVlen(vlen)) {
            throw error("device.vlen", "must be a power of two between " + DeviceConfig.MIN_VLEN + " and "
                    + DeviceConfig.MAX_VLEN + ", got " + vlen);
        }
        org.rvsimt.isa.DeviceIsa isa = null;
        if (n.has("isa")) {
            if (!n.get("isa").isTextual()) {
                throw error("device.isa", "expected an ISA string such as rv32imaf_zba_zbb");
            }
            try {
                isa = org.rvsimt.isa.DeviceIsa.parse(n.get("isa").asText());
            } catch (IllegalArgumentException e) {
                throw error("device.isa", e.getMessage());
            }
        }
        return new Manifest.Device(vram, warp, units, wpu, stack, fast, vlen, isa);
    }

    private Manifest.Arg arg(JsonNode n, String path, Path dir) {
        if (n == null || !n.isObject()) {
            throw error(path, "expected a mapping such as {name: n, u32: 1024}");
        }
        String argName = n.has("name") ? n.get("name").asText() : path;
        for (String scalar : List.of("u32", "i32", "f32")) {
            if (n.has(scalar)) {
                unknownFields(n, Set.of("name", scalar), path + ".");
                JsonNode v = n.get(scalar);
                if (scalar.equals("f32")) {
                    double d = number(v, path + "." + scalar);
                    return new Manifest.Scalar(argName, Float.floatToRawIntBits((float) d), v.asText());
                }
                long lo = scalar.equals("u32") ? 0 : Integer.MIN_VALUE;
                long hi = scalar.equals("u32") ? 0xFFFFFFFFL : Integer.MAX_VALUE;
                return new Manifest.Scalar(argName, (int) integer(v, path + "." + scalar, lo, hi), v.asText());
            }
        }
        if (!n.has("buffer")) {
            throw error(path, "expected one of u32, i32, f32 (a scalar) or buffer (with an element type)");
        }
        unknownFields(n, Set.of("name", "buffer", "random", "values", "file", "zeros", "uninitialized", "output", "at"),
                path + ".");
        String type = n.get("buffer").asText();
        Manifest.Elem elem = Manifest.Elem.BY_NAME.get(type);
        if (elem == null) {
            throw error(path + ".buffer", "unknown element type '" + type + "' (f32, i32, u32, u8, i8, u16, i16, bf16)");
        }
        int sources = 0;
        Manifest.Random random = null;
        double[] values = null;
        Path input = null;
        Integer zeros = null;
        if (n.has("random")) {
            sources++;
            JsonNode r = n.get("random");
            if (!r.isObject()) {
                throw error(path + ".random", "expected {count, seed, min, max}");
            }
            unknownFields(r, Set.of("count", "seed", "min", "max"), path + ".random.");
            int count = (int) integer(required(r, "count", path + ".random"), path + ".random.count", 0, 1 << 28);
            long seed = r.has("seed") ? integer(r.get("seed"), path + ".random.seed", Long.MIN_VALUE, Long.MAX_VALUE) : 0;
            double min = r.has("min") ? number(r.get("min"), path + ".random.min") : 0;
            double max = r.has("max") ? number(r.get("max"), path + ".random.max") : 1;
            if (!Double.isFinite(min) || !Double.isFinite(max)) {
                throw error(path + ".random", "min and max must be finite numbers");
            }
            if (!(min <= max)) {
                throw error(path + ".random", "min (" + min + ") is greater than max (" + max + ")");
            }
            random = new Manifest.Random(count, seed, min, max);
        }
        if (n.has("values")) {
            sources++;
            values = numbers(n.get("values"), path + ".values");
        }
        if (n.has("file")) {
            sources++;
            input = dir.resolve(n.get("file").asText());
        }
        if (n.has("zeros")) {
            sources++;
            zeros = (int) integer(n.get("zeros"), path + ".zeros", 0, 1 << 28);
        }
        boolean uninitialized = n.has("uninitialized");
        if (uninitialized) {
            sources++;
            zeros = (int) integer(n.get("uninitialized"), path + ".uninitialized", 0, 1 << 28);
        }
        if (sources != 1) {
            throw error(path, sources == 0 ? "a buffer needs one of random, values, file, zeros or uninitialized"
                    : "a buffer takes only one of random, values, file, zeros or uninitialized");
        }
        if (!elem.isFloat()) {
            checkIntegers(elem, random, values, path);
        }
        Path output = n.has("output") ? dir.resolve(n.get("output").asText()) : null;
        Long at = n.has("at") ? integer(n.get("at"), path + ".at", 0, 0xFFFFFFFFL) : null;
        if (at != null && at % elem.bytes != 0) {
            // The kernel's loads of its elements would all be misaligned (or, under the seed ABI,
            // silently split into bytes): say so before anything runs.
            throw error(path + ".at", String.format("0x%x is not a multiple of %d, the size of a %s element", at,
                    elem.bytes, type));
        }
        return new Manifest.BufferArg(argName, elem, random, values, input, zeros, output, at, path, uninitialized);
    }

    private Manifest.Expect expect(JsonNode n, String path, Path dir, List<Manifest.Arg> args) {
        if (n == null || !n.isObject()) {
            throw error(path, "expected a mapping such as {arg: out, file: expected.bin, tol: 1e-5}");
        }
        unknownFields(n, Set.of("arg", "file", "values", "tol", "rtol"), path + ".");
        String arg = requiredText(n, "arg", path);
        boolean known = args.stream().anyMatch(a -> a.name().equals(arg) && a instanceof Manifest.BufferArg);
        if (!known) {
            throw error(path + ".arg", "no buffer argument named '" + arg + "'");
        }
        if (n.has("file") == n.has("values")) {
            throw error(path, "give exactly one of file or values");
        }
        Path f = n.has("file") ? dir.resolve(n.get("file").asText()) : null;
        double[] values = n.has("values") ? numbers(n.get("values"), path + ".values") : null;
        double tol = n.has("tol") ? number(n.get("tol"), path + ".tol") : 0;
        double rtol = n.has("rtol") ? number(n.get("rtol"), path + ".rtol") : 0;
        if (!(tol >= 0) || Double.isInfinite(tol)) {
            throw error(path + ".tol", "must be a finite number >= 0, got " + tol);
        }
        if (!(rtol >= 0) || Double.isInfinite(rtol)) {
            throw error(path + ".rtol", "must be a finite number >= 0, got " + rtol);
        }
        return new Manifest.Expect(arg, f, values, tol, rtol, path);
    }

    /** Integer buffers hold only integers their element type can represent. */
    private void checkIntegers(Manifest.Elem elem, Manifest.Random random, double[] values, String path) {
        if (values != null) {
            for (int i = 0; i < values.length; i++) {
                double v = values[i];
                if (v != Math.rint(v) || v < elem.min() || v > elem.max()) {
                    throw error(path + ".values[" + i + "]", v + " is not a " + elem.name().toLowerCase(java.util.Locale.ROOT)
                            + " (integers " + elem.min() + ".." + elem.max() + ")");
                }
            }
        }
        if (random != null) {
            double lo = Math.ceil(random.min());
            double hi = Math.floor(random.max());
            if (lo > hi || lo < elem.min() || hi > elem.max()) {
                throw error(path + ".random", "range [" + random.min() + ", " + random.max() + "] must hold integers within "
                        + elem.min() + ".." + elem.max() + " for " + elem.name().toLowerCase(java.util.Locale.ROOT));
            }
        }
    }

    // ------------------------------------------------------------------ scalar helpers

    private void unknownFields(JsonNode n, Set<String> allowed, String prefix) {
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!allowed.contains(f)) {
                throw error(prefix + f, "unknown field (expected one of " + String.join(", ", new java.util.TreeSet<>(allowed))
                        + ")");
            }
        }
    }

    private JsonNode required(JsonNode n, String field, String path) {
        if (!n.has(field) || n.get(field).isNull()) {
            throw error(path + "." + field, "missing");
        }
        return n.get(field);
    }

    private String requiredText(JsonNode n, String field) {
        if (!n.has(field) || !n.get(field).isValueNode() || n.get(field).isNull() || n.get(field).asText().isBlank()) {
            throw error(field, "missing");
        }
        return n.get(field).asText();
    }

    private String requiredText(JsonNode n, String field, String path) {
        if (!n.has(field) || !n.get(field).isValueNode() || n.get(field).asText().isBlank()) {
            throw error(path + "." + field, "missing");
        }
        return n.get(field).asText();
    }

    private String optionalText(JsonNode n, String field) {
        return n.has(field) && !n.get(field).isNull() ? n.get(field).asText() : null;
    }

    long integer(JsonNode v, String path, long min, long max) {
        long x;
        if (v.isIntegralNumber() && v.canConvertToLong()) {
            x = v.asLong();
        } else if (v.isTextual()) {
            try {
                x = Numbers.parse(v.asText());
            } catch (NumberFormatException | ArithmeticException e) {
                throw error(path, "expected an integer, got '" + v.asText() + "'");
            }
        } else {
            throw error(path, "expected an integer, got " + describe(v));
        }
        if (x < min || x > max) {
            throw error(path, "value " + x + " out of range [" + min + ", " + max + "]");
        }
        return x;
    }

    private long size(JsonNode v, String path) {
        return integer(v, path, 1, Long.MAX_VALUE);
    }

    private double number(JsonNode v, String path) {
        if (v.isNumber()) {
            return v.asDouble();
        }
        if (v.isTextual()) {
            String t = v.asText().trim().toLowerCase(java.util.Locale.ROOT);
            switch (t) {
                case "inf", "+inf", "infinity" -> {
                    return Double.POSITIVE_INFINITY;
                }
                case "-inf", "-infinity" -> {
                    return Double.NEGATIVE_INFINITY;
                }
                case "nan" -> {
                    return Double.NaN;
                }
                default -> {
                    try {
                        return Double.parseDouble(t);
                    } catch (NumberFormatException e) {
                        throw error(path, "expected a number, got '" + v.asText() + "'");
                    }
                }
            }
        }
        throw error(path, "expected a number, got " + describe(v));
    }

    private double[] numbers(JsonNode v, String path) {
        if (!v.isArray()) {
            throw error(path, "expected a list of numbers");
        }
        double[] out = new double[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = number(v.get(i), path + "[" + i + "]");
        }
        return out;
    }

    private static String describe(JsonNode v) {
        if (v.isArray()) {
            return "a list";
        }
        if (v.isObject()) {
            return "a mapping";
        }
        if (v.isNull()) {
            return "nothing";
        }
        return "'" + v.asText() + "'";
    }

    private UserError error(String field, String message) {
        return new UserError(name + ": " + field + ": " + message);
    }
}
