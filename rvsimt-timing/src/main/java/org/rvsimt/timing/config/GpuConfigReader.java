package org.rvsimt.timing.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a GPU configuration: a preset by name ({@link #PRESETS}) or a YAML file. A file may start
 * from a preset ({@code base: volta}) and set only what differs; without {@code base} it sets every
 * key. Unknown keys, missing keys and values out of range are errors naming the field.
 */
public final class GpuConfigReader {
    /** The presets in the resources, by name. */
    public static final List<String> PRESETS = List.of("vortex", "volta");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Set<String> TOP = Set.of("name", "base", "compute_units", "warps_per_cu", "blocks_per_cu",
            "registers_per_cu", "schedulers_per_cu", "scheduler", "clock_mhz", "latency", "initiation", "shared", "l1",
            "l2", "dram");
    private static final List<String> SHARED = List.of("bytes_per_cu", "banks", "latency");
    private static final List<String> L1 = List.of("bytes", "ways", "line", "sector", "latency", "mshr");
    private static final List<String> L2 = List.of("bytes", "ways", "line", "sector", "latency", "slices");
    private static final List<String> DRAM = List.of("latency", "bytes_per_cycle");

    private GpuConfigReader() { }

    /** A preset ({@code vortex}, {@code volta}) or, when {@code spec} is not one, a YAML file path. */
    public static GpuConfig load(String spec) {
        if (PRESETS.contains(spec)) {
            return preset(spec);
        }
        Path p = Path.of(spec);
        if (!Files.exists(p) && !spec.endsWith(".yaml") && !spec.endsWith(".yml")) {
            throw new GpuConfigException("--gpu: '" + spec + "' is neither a preset (" + String.join(", ", PRESETS)
                    + ") nor a file");
        }
        return file(p);
    }

    public static GpuConfig preset(String name) {
        if (!PRESETS.contains(name)) {
            throw new GpuConfigException("no GPU preset '" + name + "' (" + String.join(", ", PRESETS) + ")");
        }
        try (InputStream in = GpuConfigReader.class.getResourceAsStream("/org/rvsimt/timing/presets/" + name + ".yaml")) {
            return parse(YAML.readTree(in), name + ".yaml");
        } catch (IOException e) {
            throw new IllegalStateException("preset " + name + " unreadable", e);
        }
    }

    public static GpuConfig file(Path p) {
        String source = p.toString();
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(p));
        } catch (NoSuchFileException e) {
            throw new GpuConfigException(source + ": no such file");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            int line = e.getLocation() != null ? e.getLocation().getLineNr() : -1;
            throw new GpuConfigException(source + (line > 0 ? ":" + line : "") + ": malformed YAML: "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new GpuConfigException(source + ": " + e.getMessage());
        }
        return parse(root, source);
    }

    /** Parses a configuration tree read from {@code source} (named in errors). */
    public static GpuConfig parse(JsonNode root, String source) {
        if (root == null || !root.isObject()) {
            throw new GpuConfigException(source + ": must be a mapping of configuration keys");
        }
        Fields f = new Fields(source);
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!TOP.contains(k)) {
                throw new GpuConfigException(source + ": " + k + ": unknown key");
            }
        }
        JsonNode base = root.get("base");
        if (base != null) {
            if (!base.isTextual() || !PRESETS.contains(base.asText())) {
                throw new GpuConfigException(source + ": base: must be a preset (" + String.join(", ", PRESETS) + ")");
            }
            ObjectNode merged;
            try (InputStream in = GpuConfigReader.class.getResourceAsStream("/org/rvsimt/timing/presets/" + base.asText() + ".yaml")) {
                merged = (ObjectNode) YAML.readTree(in);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            checkKnown(root, source);
            merge(merged, (ObjectNode) root);
            merged.remove("base");
            if (!root.has("name")) {
                merged.put("name", source);
            }
            root = merged;
        }
        checkKnown(root, source);
        String name = root.has("name") ? root.get("name").asText() : source;
        String policy = f.text(root, "scheduler");
        SchedulerPolicy scheduler;
        try {
            scheduler = SchedulerPolicy.valueOf(policy.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new GpuConfigException(source + ": scheduler: must be lrr or gto, got '" + policy + "'");
        }
        Map<OpClass, Integer> latency = new EnumMap<>(OpClass.class);
        Map<OpClass, Integer> initiation = new EnumMap<>(OpClass.class);
        for (OpClass c : OpClass.values()) {
            latency.put(c, f.integer(root, "latency." + c.key(), 1, 100_000));
            initiation.put(c, f.integer(root, "initiation." + c.key(), 1, 100_000));
        }
        SharedConfig shared = new SharedConfig(f.integer(root, "shared.bytes_per_cu", 0, 1 << 30),
                f.powerOfTwo(root, "shared.banks", 1, 64), f.integer(root, "shared.latency", 1, 100_000));
        CacheConfig l1 = cache(f, root, "l1");
        CacheConfig l2 = cache(f, root, "l2");
        DramConfig dram = new DramConfig(f.integer(root, "dram.latency", 1, 1_000_000),
                f.number(root, "dram.bytes_per_cycle", 1e-3, 1e6));
        int warps = f.integer(root, "warps_per_cu", 1, 4096);
        int schedulers = f.integer(root, "schedulers_per_cu", 1, 64);
        if (schedulers > warps) {
            throw new GpuConfigException(source + ": schedulers_per_cu: " + schedulers + " is more than warps_per_cu ("
                    + warps + ")");
        }
        return new GpuConfig(name, f.integer(root, "compute_units", 1, 4096), warps,
                f.integer(root, "blocks_per_cu", 1, 4096), f.integer(root, "registers_per_cu", 1, 1 << 24), schedulers,
                scheduler, f.number(root, "clock_mhz", 1e-3, 1e6), latency, initiation, shared, l1, l2, dram);
    }

    private static CacheConfig cache(Fields f, JsonNode root, String level) {
        int line = f.powerOfTwo(root, level + ".line", 4, 1 << 16);
        int sector = f.powerOfTwo(root, level + ".sector", 4, line);
        int ways = f.integer(root, level + ".ways", 1, 1 << 16);
        int bytes = f.integer(root, level + ".bytes", line, 1 << 30);
        int latency = f.integer(root, level + ".latency", 1, 1_000_000);
        boolean isL1 = level.equals("l1");
        int mshr = isL1 ? f.integer(root, "l1.mshr", 1, 1 << 20) : 0;
        int slices = isL1 ? 1 : f.integer(root, "l2.slices", 1, 4096);
        if (bytes % (line * ways * slices) != 0) {
            throw new GpuConfigException(f.source + ": " + level + ".bytes: " + bytes + " is not a multiple of line x ways"
                    + (isL1 ? "" : " x slices") + " (" + line * ways * slices + ")");
        }
        return new CacheConfig(bytes, ways, line, sector, latency, mshr, slices);
    }

    private static void checkKnown(JsonNode root, String source) {
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            if (!TOP.contains(k)) {
                throw new GpuConfigException(source + ": " + k + ": unknown key");
            }
            List<String> allowed = switch (k) {
                case "shared" -> SHARED;
                case "l1" -> L1;
                case "l2" -> L2;
                case "dram" -> DRAM;
                case "latency", "initiation" -> java.util.Arrays.stream(OpClass.values()).map(OpClass::key).toList();
                default -> null;
            };
            if (allowed == null) {
                continue;
            }
            if (!e.getValue().isObject()) {
                throw new GpuConfigException(source + ": " + k + ": must be a mapping");
            }
            for (Iterator<String> sub = e.getValue().fieldNames(); sub.hasNext(); ) {
                String s = sub.next();
                if (!allowed.contains(s)) {
                    throw new GpuConfigException(source + ": " + k + "." + s + ": unknown key (expected one of "
                            + String.join(", ", allowed) + ")");
                }
            }
        }
    }

    private static void merge(ObjectNode into, ObjectNode from) {
        for (Iterator<Map.Entry<String, JsonNode>> it = from.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode old = into.get(e.getKey());
            if (old instanceof ObjectNode o && e.getValue() instanceof ObjectNode n) {
                merge(o, n);
            } else {
                into.set(e.getKey(), e.getValue());
            }
        }
    }

    /** Typed access to dotted keys, with errors naming the key. */
    private record Fields(String source) {
        JsonNode node(JsonNode root, String key) {
            JsonNode n = root;
            for (String part : key.split("\\.")) {
                n = n == null ? null : n.get(part);
            }
            if (n == null || n.isNull()) {
                throw new GpuConfigException(source + ": " + key + ": missing");
            }
            return n;
        }

        String text(JsonNode root, String key) {
            JsonNode n = node(root, key);
            if (!n.isTextual()) {
                throw new GpuConfigException(source + ": " + key + ": must be a word, got " + n);
            }
            return n.asText();
        }

        int integer(JsonNode root, String key, int min, int max) {
            JsonNode n = node(root, key);
            if (!n.isIntegralNumber() || !n.canConvertToInt() || n.asInt() < min || n.asInt() > max) {
                throw new GpuConfigException(source + ": " + key + ": must be an integer " + min + ".." + max + ", got " + n);
            }
            return n.asInt();
        }

        int powerOfTwo(JsonNode root, String key, int min, int max) {
            int v = integer(root, key, min, max);
            if (Integer.bitCount(v) != 1) {
                throw new GpuConfigException(source + ": " + key + ": must be a power of two, got " + v);
            }
            return v;
        }

        double number(JsonNode root, String key, double min, double max) {
            JsonNode n = node(root, key);
            if (!n.isNumber() || n.asDouble() < min || n.asDouble() > max) {
                throw new GpuConfigException(source + ": " + key + ": must be a number " + min + ".." + max + ", got " + n);
            }
            return n.asDouble();
        }
    }
}
