package org.rvsimt.frontend.opencl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.api.LaunchResult;

/**
 * The OpenCL programs of kernels/opencl, differentially: each runs on rvsimt here (built by
 * {@link OpenClCompiler}, launched through the Java API as program.json describes), then one
 * /usr/bin/python3 process runs them all on POCL's CPU device through PyOpenCL
 * (pocl_driver.py) and compares: bit for bit where the outputs are exactly rounded, within the
 * stated tolerance where math built-ins are involved.
 */
class OpenClProgramsTest {
    static final String PYTHON = "/usr/bin/python3";

    @Test
    void everyProgramAgreesWithPocl(@TempDir Path out) throws Exception {
        Path programs = programsDir();
        List<String> names;
        try (Stream<Path> s = Files.list(programs)) {
            names = s.filter(p -> Files.isRegularFile(p.resolve("program.json"))).map(p -> p.getFileName().toString())
                    .sorted().toList();
        }
        assertThat(names).hasSizeGreaterThanOrEqualTo(20);
        // clang dominates the time: build every program at once (one compiler per core), then run them in order
        Map<String, OpenClProgram> built = new HashMap<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors())) {
            Map<String, Future<OpenClProgram>> futures = new HashMap<>();
            for (String name : names) {
                futures.put(name, pool.submit(() -> build(programs.resolve(name))));
            }
            for (String name : names) {
                built.put(name, futures.get(name).get());
            }
        }
        try (Device dev = Device.open(DeviceConfig.defaults())) {
            for (String name : names) {
                runOnRvsimt(dev, built.get(name), programs.resolve(name), out.resolve(name));
            }
        }
        Path driver = Path.of(OpenClProgramsTest.class.getResource("pocl_driver.py").toURI());
        List<String> cmd = new ArrayList<>(List.of(PYTHON, driver.toString(), programs.toString(), out.toString()));
        cmd.addAll(names);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String report = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(report).isZero();
        for (String name : names) {
            assertThat(report).contains("PASS " + name + "\n");
        }
    }

    static OpenClProgram build(Path folder) throws Exception {
        JsonNode spec = new ObjectMapper().readTree(folder.resolve("program.json").toFile());
        String file = spec.get("source").asText();
        return OpenClCompiler.build(Files.readString(folder.resolve(file)), spec.path("buildOptions").asText(""), folder, null, file);
    }

    /** Launches every launch in order, and writes each output buffer's bytes to {@code out/BUFFER.bin}. */
    static void runOnRvsimt(Device dev, OpenClProgram program, Path folder, Path out) throws Exception {
        JsonNode spec = new ObjectMapper().readTree(folder.resolve("program.json").toFile());
        String file = spec.get("source").asText();
        Kernel kernel = Kernel.fromElf(program.elf(), file, dev.config().vramBytes());
        Map<String, Buffer> buffers = new HashMap<>();
        List<Buffer> all = new ArrayList<>();
        try {
            for (var e : spec.get("buffers").properties()) {
                byte[] init = initial(e.getValue());
                Buffer b = dev.alloc(Math.max(4, init.length)).write(init);
                buffers.put(e.getKey(), b);
                all.add(b);
            }
            int n = 0;
            for (JsonNode launch : spec.get("launches")) {
                String name = launch.get("kernel").asText();
                OpenClKernel k = program.kernel(name).orElseThrow(() -> new AssertionError(file + ": no kernel " + name));
                int dims = launch.get("global").size();
                long[] offset = new long[3];
                int[] global = {1, 1, 1};
                int[] local = {1, 1, 1};
                for (int d = 0; d < dims; d++) {
                    global[d] = launch.get("global").get(d).asInt();
                    local[d] = launch.get("local").get(d).asInt();
                    offset[d] = launch.path("offset").path(d).asLong(0);
                    assertThat(global[d] % local[d]).as("%s launch %d: global size a multiple of the local size", file, n).isZero();
                }
                OpenClArgBlock args = new OpenClArgBlock(k).ndrange(dims, offset);
                JsonNode list = launch.get("args");
                for (int i = 0; i < list.size(); i++) {
                    JsonNode a = list.get(i);
                    if (a.has("buffer")) {
                        args.buffer(i, buffers.get(a.get("buffer").asText()).address());
                    } else if (a.has("int")) {
                        args.intValue(i, a.get("int").asInt());
                    } else if (a.has("uint")) {
                        args.intValue(i, (int) a.get("uint").asLong());
                    } else if (a.has("float")) {
                        args.floatValue(i, (float) a.get("float").asDouble());
                    } else if (a.has("local")) {
                        args.local(i, a.get("local").asInt());
                    } else {
                        throw new AssertionError(file + ": unknown argument " + a);
                    }
                }
                int entry = kernel.symbol(k.entrySymbol()).orElseThrow();
                Launch l = Launch.builder(kernel, Dim3.of(global[0] / local[0], global[1] / local[1], global[2] / local[2]),
                        Dim3.of(local[0], local[1], local[2])).entry(entry).shared(args.sharedBytes()).args(args.words()).build();
                LaunchResult r = dev.launch(l);
                assertThat(r.ok()).as("%s launch %d (%s): %s", file, n, name, r.fault()).isTrue();
                n++;
            }
            Files.createDirectories(out);
            for (var e : spec.get("outputs").properties()) {
                JsonNode b = spec.get("buffers").get(e.getKey());
                int bytes = b.get("count").asInt() * elementSize(b.get("type").asText());
                Files.write(out.resolve(e.getKey() + ".bin"), buffers.get(e.getKey()).readBytes(0, bytes));
            }
        } finally {
            for (Buffer b : all) {
                dev.free(b);
            }
        }
    }

    static int elementSize(String type) {
        return switch (type) {
            case "float", "int", "uint" -> 4;
            case "short", "ushort" -> 2;
            case "char", "uchar" -> 1;
            default -> throw new AssertionError("unknown buffer type " + type);
        };
    }

    /** A buffer's first contents by the rule pocl_driver.py implements too (kernels/opencl/README.md). */
    static byte[] initial(JsonNode spec) {
        String type = spec.get("type").asText();
        int count = spec.get("count").asInt();
        int size = elementSize(type);
        ByteBuffer bb = ByteBuffer.allocate(count * size).order(ByteOrder.LITTLE_ENDIAN);
        JsonNode rule = spec.path("init");
        if (rule.isTextual() && rule.asText().equals("zero") || rule.isMissingNode()) {
            return bb.array();
        }
        long state = rule.path("lcg").asLong();
        long lo = rule.path("min").asLong();
        long span = rule.path("max").asLong() - lo + 1;
        for (int i = 0; i < count; i++) {
            long raw;
            if (rule.has("values")) {
                raw = 0;
            } else {
                state = (state * 1103515245L + 12345L) & 0x7fffffffL;
                raw = lo + (state >> 4) % span;
            }
            if (type.equals("float")) {
                float v = rule.has("values") ? (float) rule.get("values").get(i).asDouble() : (float) raw;
                if (rule.has("scale")) {
                    v = v / (float) rule.get("scale").asDouble();
                }
                if (rule.has("diagonal") && i % (rule.get("n").asInt() + 1) == 0) {
                    v += (float) rule.get("diagonal").asDouble();
                }
                bb.putFloat(i * 4, v);
            } else {
                long v = rule.has("values") ? rule.get("values").get(i).asLong() : raw;
                switch (size) {
                    case 4 -> bb.putInt(i * 4, (int) v);
                    case 2 -> bb.putShort(i * 2, (short) v);
                    default -> bb.put(i, (byte) v);
                }
            }
        }
        return bb.array();
    }

    static Path programsDir() throws IOException {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("kernels").resolve("opencl"))) {
                return p.resolve("kernels").resolve("opencl");
            }
        }
        throw new AssertionError("no kernels/opencl above " + Path.of("").toAbsolutePath());
    }
}
