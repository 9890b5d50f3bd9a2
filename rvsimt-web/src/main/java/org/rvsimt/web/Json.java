package org.rvsimt.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;

/** The one JSON mapper of the web module; records (launch records, fault reports) map by component name. */
final class Json {
    // Enums (fault kinds) are written by their labels, which their toString() returns.
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_ENUMS_USING_TO_STRING);

    private Json() { }

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            // Only our own records and maps are written; failing here is a programming error.
            throw new IllegalStateException("cannot write JSON for " + value.getClass().getSimpleName(), e);
        }
    }

    /**
     * Any record as a generic map, so the page shows every field it has: the fault panel must keep
     * working when KernelFault gains fields (such as its flight-recorder tail).
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> fields(Object record) {
        return MAPPER.convertValue(record, Map.class);
    }

    static <T> T read(String text, Class<T> type) throws JsonProcessingException {
        return MAPPER.readValue(text, type);
    }
}
