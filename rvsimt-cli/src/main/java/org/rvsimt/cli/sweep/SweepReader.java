package org.rvsimt.cli.sweep;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rvsimt.timing.config.GpuConfigException;
import org.rvsimt.timing.config.GpuConfigReader;

/**
 * Reads a sweep file (docs/scale-out.md) into its combinations: launches (outermost) times either the
 * cross product of {@code parameters} (first key varies slowest) or the explicit
 * {@code combinations} list. Every mistake is one {@link SweepFileException} naming the field.
 */
public final class SweepReader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final Set<String> TOP = Set.of("name", "launches", "parameters", "combinations", "timing", "report");
    private static final Set<String> LAUNCH = Set.of("manifest", "kernel", "name", "grid", "block", "shared");
    /** The preset a GPU key changes when the combination names none. */
    static final String DEFAULT_GPU = "volta";

    private final String source;
    private final Path folder;

    private SweepReader(Path file) {
        this.source = file.toString();
        Path parent = file.toAbsolutePath().getParent();
        this.folder = parent != null ? parent : Path.of("").toAbsolutePath();
    }

    public static Sweep read(Path file) {
        return new SweepReader(file).parse();
    }

    private SweepFileException error(String field, String message) {
        return new SweepFileException(source + ": " + field + ": " + message);
    }

    private Sweep parse() {
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file()));
        } catch (NoSuchFileException e) {
            throw new SweepFileException(source + ": no such file");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            int line = e.getLocation() != null ? e.getLocation().getLineNr() : -1;
            throw new SweepFileException(source + (line > 0 ? ":" + line : "") + ": malformed YAML: "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new SweepFileException(source + ": cannot read: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new SweepFileException(source + ": must be a mapping (launches, parameters or combinations, ...)");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!TOP.contains(k)) {
                throw error(k, "unknown field (known: name, launches, parameters, combinations, timing, report)");
            }
        }
        String name = root.has("name") ? text(root.get("name"), "name") : baseName(Path.of(source));
        List<Launch> launches = launches(root.get("launches"));
        if (root.has("parameters") && root.has("combinations")) {
            throw error("combinations", "give either parameters (a cross product) or combinations (a list), not both");
        }
        List<String> params = new ArrayList<>();
        List<Map<String, JsonNode>> points = root.has("combinations") ? list(root.get("combinations"), params)
                : product(root.get("parameters"), params);
        boolean timing = false;
        if (root.has("timing")) {
            if (!root.get("timing").isBoolean()) {
                throw error("timing", "must be true or false, got " + root.get("timing"));
            }
            timing = root.get("timing").asBoolean();
        }
        for (String p : params) {
            SweepParameter k = SweepParameter.of(p);
            timing |= k == SweepParameter.GPU || k == SweepParameter.GPU_KEY;
        }
        String metric = metric(root.get("report"), timing);
        List<Combination> combos = new ArrayList<>();
        Map<String, String> gpuChecked = new LinkedHashMap<>();
        for (Launch l : launches) {
            for (Map<String, JsonNode> point : points) {
                combos.add(combination(combos.size(), l, point, params, timing, gpuChecked));
            }
        }
        return new Sweep(source, name, List.copyOf(params), List.copyOf(combos), timing, metric);
    }

    private Path file() {
        return Path.of(source);
    }

    static String baseName(Path p) {
        String n = p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    private record Launch(String label, Path target, Map<SweepParameter, JsonNode> fixed) { }

    private List<Launch> launches(JsonNode n) {
        if (n == null) {
            throw error("launches", "required: a list of manifests or {kernel: FILE, grid: ..., block: ...}");
        }
        if (!n.isArray() || n.isEmpty()) {
            throw error("launches", "must be a non-empty list, got " + n);
        }
        List<Launch> out = new ArrayList<>();
        Set<String> labels = new java.util.HashSet<>();
        for (int i = 0; i < n.size(); i++) {
            JsonNode e = n.get(i);
            String field = "launches[" + i + "]";
            Launch l;
            if (e.isTextual()) {
                l = new Launch(e.asText(), existing(e.asText(), field), Map.of());
            } else if (e.isObject()) {
                for (Iterator<String> it = e.fieldNames(); it.hasNext(); ) {
                    String k = it.next();
                    if (!LAUNCH.contains(k)) {
                        throw error(field + "." + k, "unknown field (known: manifest, kernel, name, grid, block, shared)");
                    }
                }
                if (e.has("manifest") == e.has("kernel")) {
                    throw error(field, "needs exactly one of manifest or kernel");
                }
                String key = e.has("manifest") ? "manifest" : "kernel";
                String file = text(e.get(key), field + "." + key);
                Map<SweepParameter, JsonNode> fixed = new LinkedHashMap<>();
                for (SweepParameter p : List.of(SweepParameter.GRID, SweepParameter.BLOCK, SweepParameter.SHARED)) {
                    if (e.has(p.key())) {
                        checkValue(p, e.get(p.key()), field + "." + p.key());
                        fixed.put(p, e.get(p.key()));
                    }
                }
                String label = e.has("name") ? text(e.get("name"), field + ".name") : file;
                l = new Launch(label, existing(file, field + "." + key), fixed);
            } else {
                throw error(field, "must be a manifest path or a mapping, got " + e);
            }
            if (!labels.add(l.label())) {
                throw error(field, "launch '" + l.label() + "' appears twice (give one a name:)");
            }
            out.add(l);
        }
        return out;
    }

    private Path existing(String file, String field) {
        Path p = folder.resolve(file).normalize();
        if (!Files.isRegularFile(p)) {
            throw error(field, file + ": no such file");
        }
        return p;
    }

    private List<Map<String, JsonNode>> product(JsonNode n, List<String> params) {
        List<Map<String, JsonNode>> points = new ArrayList<>();
        points.add(new LinkedHashMap<>());
        if (n == null) {
            return points;
        }
        if (!n.isObject()) {
            throw error("parameters", "must be a mapping of parameter to a list of values, got " + n);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String field = "parameters." + e.getKey();
            SweepParameter p = parameter(e.getKey(), field);
            JsonNode values = e.getValue();
            if (!values.isArray() || values.isEmpty()) {
                throw error(field, "must be a non-empty list of values, got " + values);
            }
            for (int i = 0; i < values.size(); i++) {
                checkValue(p, values.get(i), field + "[" + i + "]");
            }
            params.add(e.getKey());
            List<Map<String, JsonNode>> next = new ArrayList<>();
            for (Map<String, JsonNode> point : points) {
                for (JsonNode v : values) {
                    Map<String, JsonNode> q = new LinkedHashMap<>(point);
                    q.put(e.getKey(), v);
                    next.add(q);
                }
            }
            points = next;
        }
        return points;
    }

    private List<Map<String, JsonNode>> list(JsonNode n, List<String> params) {
        if (!n.isArray() || n.isEmpty()) {
            throw error("combinations", "must be a non-empty list of mappings, got " + n);
        }
        List<Map<String, JsonNode>> points = new ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            JsonNode e = n.get(i);
            String field = "combinations[" + i + "]";
            if (!e.isObject()) {
                throw error(field, "must be a mapping of parameter to value, got " + e);
            }
            Map<String, JsonNode> point = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = e.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> kv = it.next();
                SweepParameter p = parameter(kv.getKey(), field + "." + kv.getKey());
                checkValue(p, kv.getValue(), field + "." + kv.getKey());
                if (!params.contains(kv.getKey())) {
                    params.add(kv.getKey());
                }
                point.put(kv.getKey(), kv.getValue());
            }
            points.add(point);
        }
        return points;
    }

    private SweepParameter parameter(String name, String field) {
        SweepParameter p = SweepParameter.of(name);
        if (p == null) {
            throw error(field, "unknown parameter (known: " + SweepParameter.names() + ")");
        }
        return p;
    }

    /** Type checks that catch a mistyped sweep before anything runs; ranges are run's to check. */
    private void checkValue(SweepParameter p, JsonNode v, String field) {
        switch (p) {
            case GRID, BLOCK -> {
                boolean ok = v.isIntegralNumber() && v.asLong() >= 1
                        || v.isArray() && v.size() >= 1 && v.size() <= 3 && allPositive(v);
                if (!ok) {
                    throw error(field, "must be an integer >= 1 or a list of 1 to 3 of them, got " + v);
                }
            }
            case SHARED, WATCHDOG, WARP_SIZE, VLEN -> {
                if (!(v.isIntegralNumber() || v.isTextual() && !v.asText().isBlank())) {
                    throw error(field, "must be an integer, got " + v);
                }
            }
            case ENGINE -> oneOf(v, field, "interp", "jit");
            case SFU -> oneOf(v, field, "exact", "fast");
            case ISA -> text(v, field);
            case GPU -> {
                String g = text(v, field);
                if (!GpuConfigReader.PRESETS.contains(g) && !Files.isRegularFile(folder.resolve(g))) {
                    throw error(field, "'" + g + "' is neither a preset (" + String.join(", ", GpuConfigReader.PRESETS)
                            + ") nor a file");
                }
            }
            case CHECK -> {
                if (!(v.isTextual() || v.isArray() && v.size() > 0 && allText(v))) {
                    throw error(field, "must be a check name or a list of them, got " + v);
                }
            }
            case GPU_KEY -> {
                if (!v.isValueNode() || v.isNull()) {
                    throw error(field, "must be a number or a word, got " + v);
                }
            }
        }
    }

    private static boolean allPositive(JsonNode v) {
        for (JsonNode x : v) {
            if (!x.isIntegralNumber() || x.asLong() < 1) {
                return false;
            }
        }
        return true;
    }

    private static boolean allText(JsonNode v) {
        for (JsonNode x : v) {
            if (!x.isTextual()) {
                return false;
            }
        }
        return true;
    }

    private void oneOf(JsonNode v, String field, String... allowed) {
        if (!v.isTextual() || !List.of(allowed).contains(v.asText())) {
            throw error(field, "must be one of " + String.join(", ", allowed) + ", got " + v);
        }
    }

    private String text(JsonNode v, String field) {
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw error(field, "must be a non-empty string, got " + v);
        }
        return v.asText();
    }

    private String metric(JsonNode report, boolean timing) {
        String fallback = timing ? "cycles" : "warp_instructions";
        if (report == null) {
            return fallback;
        }
        if (!report.isObject()) {
            throw error("report", "must be a mapping (metric: COLUMN), got " + report);
        }
        for (Iterator<String> it = report.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!k.equals("metric")) {
                throw error("report." + k, "unknown field (known: metric)");
            }
        }
        if (!report.has("metric")) {
            return fallback;
        }
        String m = text(report.get("metric"), "report.metric");
        List<String> columns = ResultColumns.names(timing);
        if (!columns.contains(m)) {
            throw error("report.metric", "'" + m + "' is not a result column (" + String.join(", ", columns) + ")");
        }
        return m;
    }

    private Combination combination(int index, Launch l, Map<String, JsonNode> point, List<String> params, boolean timing,
                                    Map<String, String> gpuChecked) {
        List<String> args = new ArrayList<>(List.of("run", l.target().toString(), "--json", "--threads", "1"));
        Map<SweepParameter, JsonNode> flags = new LinkedHashMap<>(l.fixed());
        ObjectNode gpuKeys = null;
        Map<String, Object> values = new LinkedHashMap<>();
        for (String name : params) {
            JsonNode v = point.get(name);
            values.put(name, display(v));
            if (v == null) {
                continue;   // a combinations entry that leaves this parameter at its default
            }
            SweepParameter p = SweepParameter.of(name);
            if (p == SweepParameter.GPU_KEY) {
                if (gpuKeys == null) {
                    gpuKeys = YAML.createObjectNode();
                }
                set(gpuKeys, name.substring(4), v);
            } else {
                flags.put(p, v);
            }
        }
        String gpuYaml = null;
        JsonNode gpu = flags.remove(SweepParameter.GPU);
        String gpuSpec = gpu == null ? DEFAULT_GPU : GpuConfigReader.PRESETS.contains(gpu.asText()) ? gpu.asText()
                : folder.resolve(gpu.asText()).normalize().toString();
        if (gpuKeys != null) {
            ObjectNode tree;
            if (GpuConfigReader.PRESETS.contains(gpuSpec)) {
                tree = YAML.createObjectNode().put("base", gpuSpec);
            } else {
                tree = gpuFile(gpuSpec, index);
            }
            merge(tree, gpuKeys);
            try {
                gpuYaml = YAML.writeValueAsString(tree);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
        String gpuKey = gpuYaml != null ? gpuYaml : gpuSpec;
        if (timing && !gpuChecked.containsKey(gpuKey)) {
            // Checked once per distinct configuration, so a bad key is a bad sweep file, not N error rows.
            try {
                if (gpuYaml != null) {
                    GpuConfigReader.parse(YAML.readTree(gpuYaml), "gpu");
                } else {
                    GpuConfigReader.load(gpuSpec);
                }
            } catch (GpuConfigException | IOException e) {
                throw new SweepFileException(source + ": combination " + index + " " + values + ": "
                        + e.getMessage().replaceFirst("^--gpu: ", "gpu: "));
            }
            gpuChecked.put(gpuKey, gpuKey);
        }
        for (Map.Entry<SweepParameter, JsonNode> f : flags.entrySet()) {
            args.add(f.getKey().flag);
            args.add(flagValue(f.getValue()));
        }
        if (timing) {
            args.add("--timing");
            if (gpuYaml == null) {
                args.add("--gpu");
                args.add(gpuSpec);
            }
        }
        return new Combination(index, l.label(), values, List.copyOf(args), gpuYaml);
    }

    private ObjectNode gpuFile(String path, int index) {
        try {
            JsonNode t = YAML.readTree(Files.readString(Path.of(path)));
            if (t instanceof ObjectNode o) {
                return o;
            }
        } catch (IOException e) {
            // reported below
        }
        throw new SweepFileException(source + ": combination " + index + ": gpu: " + path
                + ": not a readable GPU configuration file");
    }

    private static void set(ObjectNode tree, String dotted, JsonNode v) {
        String[] parts = dotted.split("\\.");
        ObjectNode n = tree;
        for (int i = 0; i < parts.length - 1; i++) {
            JsonNode c = n.get(parts[i]);
            n = c instanceof ObjectNode o ? o : n.putObject(parts[i]);
        }
        n.set(parts[parts.length - 1], v);
    }

    private static void merge(ObjectNode into, ObjectNode from) {
        for (Iterator<Map.Entry<String, JsonNode>> it = from.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue() instanceof ObjectNode o && into.get(e.getKey()) instanceof ObjectNode target) {
                merge(target, o);
            } else {
                into.set(e.getKey(), e.getValue());
            }
        }
    }

    private static String flagValue(JsonNode v) {
        if (v.isArray()) {
            List<String> parts = new ArrayList<>();
            v.forEach(x -> parts.add(x.asText()));
            return String.join(",", parts);
        }
        return v.asText();
    }

    /** A parameter value as a row shows it: numbers stay numbers, lists become "8,2". */
    private static Object display(JsonNode v) {
        if (v == null) {
            return null;
        }
        if (v.isArray()) {
            return flagValue(v);
        }
        return ResultColumns.value(v);
    }
}
