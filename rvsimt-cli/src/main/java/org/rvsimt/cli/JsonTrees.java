package org.rvsimt.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;

/**
 * A JSON or YAML document read into Jackson's tree straight from the streaming parser, without an
 * {@code ObjectMapper}: building a mapper (its type factory, introspectors and caches) took about a
 * third of reading a manifest at start-up, and a manifest needs only the tree. The nodes are those
 * {@code ObjectMapper.readTree} makes for the same tokens (JsonTreesTest compares the two); the
 * parser, and so every syntax error and its location, is the same.
 */
final class JsonTrees {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonTrees() { }

    /**
     * A parser factory for YAML or JSON that rejects a key given twice in one mapping. Made as the
     * mappers make theirs (their constructors, not the builders: those start from other YAML
     * defaults, an empty value is then "" instead of null).
     */
    static JsonFactory factory(boolean yaml) {
        JsonFactory f = yaml ? new YAMLFactory() : new JsonFactory();
        f.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
        return f;
    }

    /** The first document of {@code text}, or null when it has none. */
    static JsonNode read(JsonFactory factory, String text) throws IOException {
        try (JsonParser p = factory.createParser(text)) {
            JsonToken first = p.nextToken();
            return first == null ? null : value(p, first);
        }
    }

    private static JsonNode value(JsonParser p, JsonToken t) throws IOException {
        return switch (t) {
            case START_OBJECT -> object(p);
            case START_ARRAY -> array(p);
            case VALUE_STRING -> NODES.textNode(p.getText());
            case VALUE_NUMBER_INT -> switch (p.getNumberType()) {
                case INT -> NODES.numberNode(p.getIntValue());
                case LONG -> NODES.numberNode(p.getLongValue());
                default -> NODES.numberNode(p.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> switch (p.getNumberTypeFP()) {
                case BIG_DECIMAL -> NODES.numberNode(p.getDecimalValue());
                case FLOAT32 -> NODES.numberNode(p.getFloatValue());
                default -> NODES.numberNode(p.getDoubleValue());
            };
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            case VALUE_EMBEDDED_OBJECT -> embedded(p.getEmbeddedObject());
            default -> throw new IllegalStateException("unexpected token " + t + " at " + p.currentLocation());
        };
    }

    private static ObjectNode object(JsonParser p) throws IOException {
        ObjectNode o = NODES.objectNode();
        // nextFieldName, as Jackson's tree deserializer reads a mapping: the JSON parser's messages
        // for a missing value differ between it and nextToken.
        for (String key = p.nextFieldName(); key != null; key = p.nextFieldName()) {
            o.replace(key, value(p, p.nextToken()));
        }
        return o;
    }

    private static ArrayNode array(JsonParser p) throws IOException {
        ArrayNode a = NODES.arrayNode();
        for (JsonToken t = p.nextToken(); t != null && t != JsonToken.END_ARRAY; t = p.nextToken()) {
            a.add(value(p, t));
        }
        return a;
    }

    /** YAML's {@code !!binary} arrives as bytes; the tree keeps them as the mapper's tree does. */
    private static JsonNode embedded(Object o) {
        if (o == null) {
            return NODES.nullNode();
        }
        if (o instanceof byte[] bytes) {
            return NODES.binaryNode(bytes);
        }
        return NODES.pojoNode(o);
    }
}
