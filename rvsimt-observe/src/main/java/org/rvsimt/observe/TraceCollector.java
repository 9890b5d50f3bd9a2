package org.rvsimt.observe;

import java.util.ArrayList;
import java.util.List;
import org.rvsimt.core.trace.DropReport;
import org.rvsimt.core.trace.TraceListener;
import org.rvsimt.core.trace.TraceProgram;
import org.rvsimt.core.trace.TraceRecord;
import org.rvsimt.core.trace.TraceSchema;

/** Keeps everything a trace delivers, in order (for tests and small traces). */
public class TraceCollector implements TraceListener {

    /** A record with the host thread that produced it. */
    public record Entry(int source, TraceRecord record) { }

    public TraceSchema schema;
    public final List<TraceProgram> programs = new ArrayList<>();
    public final List<Entry> entries = new ArrayList<>();
    public final List<DropReport> drops = new ArrayList<>();
    public boolean ended;
    public long fastDropped;
    public long slowDropped;
    public long listenerDropped;

    @Override
    public void schema(TraceSchema s) {
        schema = s;
    }

    @Override
    public void program(TraceProgram p) {
        programs.add(p);
    }

    @Override
    public void record(int source, TraceRecord r) {
        entries.add(new Entry(source, r));
    }

    @Override
    public void drops(DropReport d) {
        drops.add(d);
    }

    @Override
    public void end(long fast, long slow, long listener) {
        ended = true;
        fastDropped = fast;
        slowDropped = slow;
        listenerDropped = listener;
    }

    /** The records alone, in order. */
    public List<TraceRecord> records() {
        return entries.stream().map(Entry::record).toList();
    }
}
