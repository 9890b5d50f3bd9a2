package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonTrees} against Jackson's own {@code ObjectMapper.readTree} (what manifests were read with
 * before): the same nodes, of the same types, for every YAML and JSON file in the repository and
 * for documents that exercise each kind of scalar; the same errors at the same places.
 */
class JsonTreesTest {
    private static JsonNode mapper(boolean yaml, String text) throws IOException {
        ObjectMapper m = yaml ? new YAMLMapper() : new ObjectMapper();
        m.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        JsonNode n = m.readTree(text);
        return n == null || n.isMissingNode() ? null : n;
    }

    private static void same(boolean yaml, String text) throws IOException {
        JsonNode expected = mapper(yaml, text);
        JsonNode actual = JsonTrees.read(JsonTrees.factory(yaml), text);
        assertThat(actual).as(text).isEqualTo(expected);
        if (expected != null) {
            assertThat(types(actual)).as("node types of %s", text).isEqualTo(types(expected));
        }
    }

    /** The node classes, depth first: equals() alone lets an IntNode equal nothing else, but say so. */
    private static String types(JsonNode n) {
        StringBuilder b = new StringBuilder(n.getClass().getSimpleName());
        n.forEach(c -> b.append('(').append(types(c)).append(')'));
        return b.toString();
    }

    @Test
    void everyManifestAndSweepInTheRepositoryReadsAsTheMapperReadsIt() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<Path> files;
        try (Stream<Path> s = Files.walk(root, 8)) {
            files = s.filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/.git/"))
                    .filter(p -> p.toString().endsWith(".yaml") || p.getFileName().toString().equals("launch.json"))
                    .toList();
        }
        assertThat(files).hasSizeGreaterThan(20);
        for (Path f : files) {
            same(f.toString().endsWith(".yaml"), Files.readString(f));
        }
    }

    @Test
    void everyKindOfScalarBecomesTheMappersNode() throws IOException {
        for (String doc : List.of(
                "a: 1\nb: -7\nc: 2147483648\nd: 9223372036854775808\ne: 0x1F\nf: 0o17\ng: 1_000\n",
                "a: 1.5\nb: 1e3\nc: -2.5e-3\ng: 3.4028235e38\nh: 1.0e+400\n",
                "a: ~\nb: null\nc: true\nd: false\ne: yes\nf: 'x'\ng: \"y\\n\"\nh: \n",
                "a: []\nb: {}\nc: [1, [2, {d: e}], f]\ng:\n  - h\n  - {i: 1.0}\n",
                "b: !!binary aGVsbG8=\nc: !!str 12\n",
                "base: &b {x: 1}\nuse: *b\nlist: [&n 3, *n]\n",
                "first: 1\n---\nsecond: 2\n",
                "- 1\n- two\n",
                "",
                "# only a comment\n",
                "plain")) {
            same(true, doc);
        }
        for (String doc : List.of("{\"a\": 1, \"b\": [1.5, 1e400, -0.0, 12345678901234567890], \"c\": null}",
                "[true, false, \"x\"]", "", "  ")) {
            same(false, doc);
        }
    }

    @Test
    void errorsAreTheMappersAtTheSamePlace() {
        // .inf and .nan: YAML floats that Jackson's YAML parser cannot convert
        for (String doc : List.of("a: .inf\n", "a: .nan\n", "a: 1\na: 2\n", "a: [1, 2\n", "a:\n  b: 1\n c: 2\n", "a: {b: 1, b: 2}\n", "\ta: 1\n")) {
            check(true, doc);
        }
        for (String doc : List.of("{\"a\": 1, \"a\": 2}", "{\"a\": }", "[1, 2", "{\"a\" 1}")) {
            check(false, doc);
        }
    }

    private static void check(boolean yaml, String doc) {
        JsonProcessingException expected = null;
        try {
            mapper(yaml, doc);
        } catch (JsonProcessingException e) {
            expected = e;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertThat(expected).as("the mapper rejects %s", doc).isNotNull();
        JsonProcessingException want = expected;
        assertThatThrownBy(() -> JsonTrees.read(JsonTrees.factory(yaml), doc)).as(doc)
                .isInstanceOf(JsonProcessingException.class)
                .satisfies(e -> {
                    JsonProcessingException got = (JsonProcessingException) e;
                    assertThat(got.getOriginalMessage()).isEqualTo(want.getOriginalMessage());
                    assertThat(String.valueOf(got.getLocation())).isEqualTo(String.valueOf(want.getLocation()));
                    assertThat(String.valueOf(got.getCause())).isEqualTo(String.valueOf(want.getCause()));
                });
    }
}
