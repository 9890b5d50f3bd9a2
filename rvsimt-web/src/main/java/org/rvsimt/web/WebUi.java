package org.rvsimt.web;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.rvsimt.device.DeviceModel;

/**
 * The web UI and {@code /metrics} of {@code rvsimt serve}: attach every device the server creates
 * and the page shows its launches, their live trace, statistics and fault reports.
 *
 * <pre>{@code
 * WebUi ui = WebUi.start(new InetSocketAddress("127.0.0.1", 8080));
 * DeviceServer server = DeviceServer.start(options, ui::attach);
 * }</pre>
 *
 * <p>A device traces into its live tracer only while a browser watches: the UI installs the
 * tracer on every attached device when the first browser connects and takes it away when the last
 * one leaves, so a server nobody looks at does no tracing work and drops nothing.
 */
public final class WebUi implements AutoCloseable {
    /** Browsers streaming at once; more get 503 (each stream holds a queue of up to 256 frames). */
    public static final int MAX_STREAMS = 32;
    /** Default sampling of the live trace: every 10th warp-instruction of each host thread. */
    public static final int DEFAULT_SAMPLING = 10;

    private final EventHub hub = new EventHub(MAX_STREAMS);
    private final Sampling sampling = new Sampling(DEFAULT_SAMPLING);
    private final DropCounts drops = new DropCounts();
    private final AtomicInteger devices = new AtomicInteger();
    /** Weak keys: the devices of per-client servers go away with their clients. */
    private final Map<DeviceModel, LiveTracer> tracers = new WeakHashMap<>();
    private final WebMetrics metrics;
    private final LaunchBoard board;
    private final DiagnosticsBoard diagnostics;
    private final TimingBoard timing;
    private final WebServer server;

    private WebUi(InetSocketAddress address) throws IOException {
        board = new LaunchBoard(hub, this::launchFinished);
        diagnostics = new DiagnosticsBoard(hub);
        metrics = new WebMetrics(board::runningCount, hub::clientCount, hub::dropped, drops);
        timing = new TimingBoard(hub, metrics::launchTimed);
        server = new WebServer(address, hub, metrics, sampling, this::state, this::pageState);
        hub.onWatchedChange(this::installTracers);
    }

    /** Binds {@code address} (port 0: any free port) and serves until {@link #close}. */
    public static WebUi start(InetSocketAddress address) throws IOException {
        return new WebUi(address);
    }

    public InetSocketAddress address() {
        return server.address();
    }

    /**
     * Observes {@code model}'s launches from now on, and streams its instruction trace and warp
     * timeline to the page: the returned live tracer is the device's tracer while a browser is
     * connected ({@code model.setTracer}, from the next launch on), and none while nobody is.
     */
    public LiveTracer attach(DeviceModel model) {
        int id = devices.incrementAndGet();
        model.setLaunchObserver(timing.observer(id, diagnostics.observer(id, board.observer(id,
                model.config().warpSize()))));
        LiveTracer t = new LiveTracer(id, hub, sampling, drops);
        synchronized (tracers) {
            tracers.put(model, t);
            model.setTracer(hub.watched() ? t : null);
        }
        return t;
    }

    private void installTracers() {
        synchronized (tracers) {
            boolean on = hub.watched();
            tracers.forEach((model, t) -> model.setTracer(on ? t : null));
        }
    }

    private void launchFinished(LaunchRecord r) {
        metrics.launchFinished(r);
    }

    EventHub hub() {
        return hub;
    }

    public WebMetrics metrics() {
        return metrics;
    }

    private Map<String, Object> state() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("devices", devices.get());
        m.put("sampling", sampling.every());
        m.put("clients", hub.clientCount());
        LaunchBoard.Snapshot s = board.snapshot();
        m.put("running", s.running());
        m.put("history", s.history());
        m.put("listing", s.listing());
        m.put("diagnostics", diagnostics.snapshot());
        m.put("timing", timing.snapshot());
        return m;
    }

    private FirstPage.State pageState() {
        LaunchBoard.Snapshot s = board.snapshot();
        return new FirstPage.State(devices.get(), sampling.every(), hub.dropped(), s.running(), s.history(),
                s.listing());
    }

    @Override
    public void close() {
        server.close();
    }
}
