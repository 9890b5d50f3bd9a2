package org.rvsimt.observe;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;

/**
 * A writer of Chrome Trace Event JSON (Google's Trace Event Format, which ui.perfetto.dev and
 * chrome://tracing open): {@code {"displayTimeUnit": ..., "traceEvents": [...], "otherData": {...}}}
 * with complete events ("X"), counters ("C"), instants ("i") and name/sort metadata ("M"). Events
 * stream out as they are written; timestamps and durations are in the format's microseconds.
 */
public final class TraceEventJson {
    private final JsonGenerator json;

    public TraceEventJson(OutputStream out) throws IOException {
        json = new JsonFactory().createGenerator(out, JsonEncoding.UTF8);
        json.writeStartObject();
        json.writeStringField("displayTimeUnit", "ms");
        json.writeArrayFieldStart("traceEvents");
    }

    /** Names process {@code pid} and sorts it by {@code sortIndex}. */
    public void processName(int pid, String name, long sortIndex) throws IOException {
        metadata("process_name", pid, 0, "name", name);
        metadata("process_sort_index", pid, 0, "sort_index", sortIndex);
    }

    /** Names thread track {@code tid} of process {@code pid} and sorts it by {@code sortIndex}. */
    public void threadName(int pid, int tid, String name, long sortIndex) throws IOException {
        metadata("thread_name", pid, tid, "name", name);
        metadata("thread_sort_index", pid, tid, "sort_index", sortIndex);
    }

    private void metadata(String kind, int pid, int tid, String key, Object value) throws IOException {
        json.writeStartObject();
        json.writeStringField("name", kind);
        json.writeStringField("ph", "M");
        json.writeNumberField("pid", pid);
        json.writeNumberField("tid", tid);
        args(Map.of(key, value));
        json.writeEndObject();
    }

    /** A slice from {@code ts} lasting {@code dur} on track ({@code pid}, {@code tid}). */
    public void complete(String name, String cat, long ts, long dur, int pid, int tid, Map<String, ?> args)
            throws IOException {
        begin(name, cat, "X", ts, pid, tid);
        json.writeNumberField("dur", dur);
        args(args);
        json.writeEndObject();
    }

    /** A point in time; {@code scope} is "t" (thread), "p" (process) or "g" (global). */
    public void instant(String name, String cat, long ts, int pid, int tid, String scope, Map<String, ?> args)
            throws IOException {
        begin(name, cat, "i", ts, pid, tid);
        json.writeStringField("s", scope);
        args(args);
        json.writeEndObject();
    }

    private void begin(String name, String cat, String ph, long ts, int pid, int tid) throws IOException {
        json.writeStartObject();
        json.writeStringField("name", name);
        json.writeStringField("cat", cat);
        json.writeStringField("ph", ph);
        json.writeNumberField("ts", ts);
        json.writeNumberField("pid", pid);
        json.writeNumberField("tid", tid);
    }

    /**
     * The value of counter {@code name} of process {@code pid} from {@code ts} on (until its next
     * sample): one series per arg, drawn as a counter track. {@code id} separates counters of the
     * same name in one process (null: none).
     */
    public void counter(String name, long ts, int pid, int tid, String id, Map<String, ? extends Number> values)
            throws IOException {
        json.writeStartObject();
        json.writeStringField("name", name);
        json.writeStringField("ph", "C");
        json.writeNumberField("ts", ts);
        json.writeNumberField("pid", pid);
        json.writeNumberField("tid", tid);
        if (id != null) {
            json.writeStringField("id", id);
        }
        args(values);
        json.writeEndObject();
    }

    private void args(Map<String, ?> args) throws IOException {
        json.writeFieldName("args");
        object(args);
    }

    private void object(Map<String, ?> fields) throws IOException {
        json.writeStartObject();
        for (Map.Entry<String, ?> e : fields.entrySet()) {
            json.writeFieldName(e.getKey());
            switch (e.getValue()) {
                case Integer v -> json.writeNumber(v);
                case Long v -> json.writeNumber(v);
                case Double v -> json.writeNumber(v);
                default -> json.writeString(String.valueOf(e.getValue()));
            }
        }
        json.writeEndObject();
    }

    /** Ends the event list, writes {@code otherData} (the trace's own description) and closes the output. */
    public void close(Map<String, ?> otherData) throws IOException {
        json.writeEndArray();
        json.writeFieldName("otherData");
        object(otherData);
        json.writeEndObject();
        json.flush();
        json.close();
    }
}
