package org.rvsimt.core.trace;

import static org.rvsimt.core.trace.TraceFormat.*;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * The tracer of docs/trace-format.md: one {@link RingChannel} per host thread of a launch, and a
 * drainer thread that moves whole records from the rings to a {@link TraceFileWriter} (if any) and
 * to live {@link TraceListener}s. Launch and device events go through a queue in call order; before
 * a launch's end is written its rings are drained completely, so each launch's records sit between
 * its LAUNCH_BEGIN and LAUNCH_END.
 *
 * <p>A trace written to a file or stream is complete by default: a host thread whose ring is full
 * waits for the drainer ({@link RingOverflow#WAIT}). A live-only tracer drops what its listeners
 * cannot take and counts it ({@link RingOverflow#DROP}).
 *
 * <p>The trace clock: each launch's channels start at the tracer's clock, and at the launch's end
 * the clock moves to the latest issue clock any of them reached. Tracer events carry that clock.
 */
public final class BinaryTracer implements Tracer {
    /** How long the drainer sleeps when every ring was empty. */
    private static final long IDLE_NANOS = 1_000_000;

    private sealed interface Control { }

    private record Begin(Launch launch, TraceProgram program, int[] record) implements Control { }

    private record End(Launch launch, int[] record) implements Control { }

    private record DeviceEvent(int[] record) implements Control { }

    /** The channels of one launch. */
    private record Launch(long id, RingChannel[] channels) { }

    private final Sampling sampling;
    private final RingOverflow overflow;
    private final TraceFileWriter file;
    private final Queue<Control> control = new ConcurrentLinkedQueue<>();
    private final List<ListenerFeed> feeds = new CopyOnWriteArrayList<>();
    private final RecordEncoder encoder = new RecordEncoder(96);
    private final Thread drainer;
    private volatile Launch current;
    private volatile TraceProgram lastProgram;
    private volatile boolean closing;
    private volatile IOException writeError;
    /** Set when the drainer has stopped: rings made or waited on after that drop. */
    private volatile boolean drainerGone;
    private long clock;
    private long fastDropped;
    private long slowDropped;
    // Drainer-owned.
    private Launch draining;
    private int[] scratch = new int[0];
    private boolean closed;

    private BinaryTracer(TraceOptions options, OutputStream out, RingOverflow overflow) throws IOException {
        this.sampling = new Sampling(options);
        this.overflow = overflow;
        this.file = out == null ? null : new TraceFileWriter(out, options.laneValues() ? FILE_FLAG_LANE_VALUES : 0);
        if (file != null) {
            file.schema(TraceSchema.current());
        }
        this.drainer = Thread.ofPlatform().daemon().name("rvsimt-trace-drainer").unstarted(this::drainLoop);
        drainer.start();
    }

    /** A complete trace written to {@code file} (created or truncated now). */
    public static BinaryTracer toFile(Path file, TraceOptions options) throws IOException {
        return toFile(file, options, RingOverflow.WAIT);
    }

    /** A trace written to {@code file} (created or truncated now) with the given ring policy. */
    public static BinaryTracer toFile(Path file, TraceOptions options, RingOverflow overflow) throws IOException {
        return new BinaryTracer(options, new BufferedOutputStream(Files.newOutputStream(file), 1 << 16), overflow);
    }

    /** A complete trace written to a stream (closed with the tracer). */
    public static BinaryTracer toStream(OutputStream out, TraceOptions options) throws IOException {
        return new BinaryTracer(options, out, RingOverflow.WAIT);
    }

    /** A tracer with live listeners only. */
    public static BinaryTracer live(TraceOptions options) {
        try {
            return new BinaryTracer(options, null, RingOverflow.DROP);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public TraceOptions options() {
        return sampling.options;
    }

    /**
     * Changes sampling and filters while running (the next instruction sees them); ring sizes and
     * lane values apply from the next launch on.
     */
    public void setOptions(TraceOptions options) {
        sampling.options = options;
        sampling.tick(System.nanoTime());
    }

    /**
     * Registers a live listener with its own queue of {@code queueCapacity} items; it first gets the
     * schema and the current launch's program. Closing the handle unregisters it.
     */
    public AutoCloseable addListener(TraceListener listener, int queueCapacity) {
        ListenerFeed feed = new ListenerFeed(listener, queueCapacity);
        feed.schema(TraceSchema.current());
        TraceProgram p = lastProgram;
        if (p != null) {
            feed.program(p);
        }
        feed.start();
        feeds.add(feed);
        return () -> {
            if (feeds.remove(feed)) {
                feed.finish(fastDropped, slowDropped);
            }
        };
    }

    // ------------------------------------------------------------------ Tracer

    @Override
    public synchronized void launchBegin(long launchId, String kernel, int base, int[] code, int entry, int[] grid,
                                         int[] block, int warpSize, int workers) {
        TraceOptions o = sampling.options;
        RingChannel[] channels = new RingChannel[workers];
        for (int w = 0; w < workers; w++) {
            channels[w] = new RingChannel(w, o, sampling, clock, overflow, () -> LockSupport.unpark(drainer));
            if (drainerGone) {
                channels[w].abandon();
            }
        }
        Launch launch = new Launch(launchId, channels);
        int[] record = encode(encoder.begin(LEVEL_EVENT, EV_LAUNCH_BEGIN, 0).l(clock).l(launchId).i(base).i(entry)
                .i(grid[0]).i(grid[1]).i(grid[2]).i(block[0]).i(block[1]).i(block[2]).i(warpSize).i(workers).s(kernel));
        TraceProgram program = new TraceProgram(launchId, base, code);
        current = launch;
        control.add(new Begin(launch, program, record));
    }

    @Override
    public TraceChannel channel(int worker) {
        Launch l = current;
        if (l == null || worker < 0 || worker >= l.channels().length) {
            throw new IllegalStateException("no host thread " + worker + " in the current launch");
        }
        return l.channels()[worker];
    }

    @Override
    public synchronized void launchEnd(long launchId, String status, long warpInstructions, long laneInstructions,
                                       long wallNanos) {
        Launch l = current;
        if (l != null) {
            for (RingChannel c : l.channels()) {
                clock = Math.max(clock, c.clock());
            }
        }
        int[] record = encode(encoder.begin(LEVEL_EVENT, EV_LAUNCH_END, 0).l(clock).l(launchId).l(warpInstructions)
                .l(laneInstructions).l(wallNanos).s(status));
        current = null;
        control.add(new End(l, record));
        LockSupport.unpark(drainer);
    }

    @Override
    public synchronized void deviceRegister(boolean write, int offset, int value) {
        control.add(new DeviceEvent(encode(encoder.begin(LEVEL_EVENT, write ? EV_REG_WRITE : EV_REG_READ, 0)
                .l(clock).i(offset).i(value))));
    }

    @Override
    public synchronized void dma(long source, long destination, long bytes) {
        control.add(new DeviceEvent(encode(encoder.begin(LEVEL_EVENT, EV_DMA, 0).l(clock).l(source).l(destination)
                .l(bytes))));
    }

    @Override
    public synchronized long[] dropped() {
        long fast = fastDropped;
        long slow = slowDropped;
        Launch l = current;
        if (l != null) {
            for (RingChannel c : l.channels()) {
                fast += c.fast.dropped();
                slow += c.slow.dropped();
            }
        }
        return new long[] {fast, slow};
    }

    /** Records the live listeners could not take, summed over listeners. */
    public long listenerDropped() {
        return feeds.stream().mapToLong(ListenerFeed::dropped).sum();
    }

    /**
     * Drains every ring, writes the END chunk and closes the file.
     *
     * @throws UncheckedIOException if writing the file failed at any point
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        closing = true;
        LockSupport.unpark(drainer);
        boolean interrupted = false;
        while (drainer.isAlive()) {
            try {
                drainer.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (writeError != null) {
            throw new UncheckedIOException(writeError);
        }
    }

    private static int[] encode(RecordEncoder e) {
        e.finish();
        int[] r = new int[e.length()];
        System.arraycopy(e.words(), e.start(), r, 0, r.length);
        return r;
    }

    // ------------------------------------------------------------------ drainer

    private void drainLoop() {
        try {
            drainUntilClosed();
        } finally {
            drainerGone = true;
            Launch l = current;
            if (l != null) {
                for (RingChannel c : l.channels()) {
                    c.abandon();
                }
            }
        }
    }

    private void drainUntilClosed() {
        while (true) {
            boolean last = closing;
            sampling.tick(System.nanoTime());
            Control c;
            while ((c = control.poll()) != null) {
                handle(c);
            }
            int moved = draining != null ? drain(draining) : 0;
            if (last && control.isEmpty()) {
                break;
            }
            if (moved == 0) {
                LockSupport.parkNanos(IDLE_NANOS);
            }
        }
        long fast;
        long slow;
        synchronized (this) {
            fast = fastDropped;
            slow = slowDropped;
        }
        if (file != null) {
            write(() -> {
                file.end(fast, slow);
                file.close();
            });
        }
        for (ListenerFeed f : feeds) {
            f.finish(fast, slow);
        }
    }

    private void handle(Control c) {
        switch (c) {
            case Begin b -> {
                if (draining != null) {
                    drain(draining); // a launch that never reported its end keeps its records
                }
                lastProgram = b.program();
                write(() -> file.program(b.program()));
                for (ListenerFeed f : feeds) {
                    f.program(b.program());
                }
                emit(CHUNK_SLOW, SOURCE_TRACER, b.record(), b.record().length, LEVEL_EVENT);
                draining = b.launch();
            }
            case End e -> {
                if (e.launch() != null) {
                    drain(e.launch());
                    RingChannel[] ch = e.launch().channels();
                    long[] fast = new long[ch.length];
                    long[] slow = new long[ch.length];
                    for (int i = 0; i < ch.length; i++) {
                        fast[i] = ch[i].fast.dropped();
                        slow[i] = ch[i].slow.dropped();
                    }
                    DropReport d = new DropReport(e.launch().id(), fast, slow);
                    synchronized (this) {
                        fastDropped += d.totalFast();
                        slowDropped += d.totalSlow();
                    }
                    write(() -> file.drops(d));
                    for (ListenerFeed f : feeds) {
                        f.drops(d);
                    }
                }
                emit(CHUNK_SLOW, SOURCE_TRACER, e.record(), e.record().length, LEVEL_EVENT);
                if (draining == e.launch()) {
                    draining = null;
                }
            }
            case DeviceEvent d -> emit(CHUNK_SLOW, SOURCE_TRACER, d.record(), d.record().length, LEVEL_EVENT);
        }
    }

    private int drain(Launch l) {
        int moved = 0;
        for (RingChannel c : l.channels()) {
            moved += drainRing(c.fast, CHUNK_FAST, c.worker, LEVEL_INSTRUCTION);
            moved += drainRing(c.slow, CHUNK_SLOW, c.worker, LEVEL_EVENT);
        }
        return moved;
    }

    private int drainRing(RecordRing ring, int type, int source, int level) {
        if (scratch.length < ring.capacity()) {
            scratch = new int[ring.capacity()];
        }
        int n = ring.drainTo(scratch);
        if (n > 0) {
            emit(type, source, scratch, n, level);
        }
        return n;
    }

    private void emit(int type, int source, int[] words, int n, int level) {
        boolean live = !feeds.isEmpty();
        int records = 0;
        RecordDecoder dec = new RecordDecoder(words, n, 0, level);
        while (dec.hasNext()) {
            try {
                TraceRecord r = dec.next();
                records++;
                if (live) {
                    for (ListenerFeed f : feeds) {
                        f.record(source, r);
                    }
                }
            } catch (TraceFormatException e) {
                // Our own encoder wrote these words; a failure here is a bug worth failing loudly on.
                throw new IllegalStateException("trace encoder produced an unreadable record: " + e.getMessage(), e);
            }
        }
        int count = records;
        write(() -> file.records(type, source, words, n, count));
    }

    private interface FileWrite {
        void run() throws IOException;
    }

    /** Writes to the file unless there is none or an earlier write failed (then the trace is lost, not the run). */
    private void write(FileWrite w) {
        if (file == null || writeError != null) {
            return;
        }
        try {
            w.run();
        } catch (IOException e) {
            writeError = e;
        }
    }
}
