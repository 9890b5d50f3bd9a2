package org.rvsimt.web;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
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
    private final WebMetrics metrics;
    private final LaunchBoard board;
    private final WebServer server;

    private WebUi(InetSocketAddress address) throws IOException {
        board = new LaunchBoard(hub, this::launchFinished);
        metrics = new WebMetrics(board::runningCount, hub::clientCount, hub::dropped, drops);
        server = new WebServer(address, hub, metrics, sampling, this::state);
    }

    /** Binds {@code address} (port 0: any free port) and serves until {@link #close}. */
    public static WebUi start(InetSocketAddress address) throws IOException {
        return new WebUi(address);
    }

    public InetSocketAddress address() {
        return server.address();
    }

    /**
     * Observes {@code model}'s launches from now on. Returns the device's live tracer: installed as
     * the device's tracer ({@code model.setTracer}), it streams the instruction trace and warp
     * timeline to the page.
     */
    public LiveTracer attach(DeviceModel model) {
        int id = devices.incrementAndGet();
        model.setLaunchObserver(board.observer(id));
        return new LiveTracer(id, hub, sampling, drops);
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
        m.putAll(board.snapshot());
        return m;
    }

    @Override
    public void close() {
        server.close();
    }
}
