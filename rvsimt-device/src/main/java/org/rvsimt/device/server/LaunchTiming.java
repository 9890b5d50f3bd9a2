package org.rvsimt.device.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.device.protocol.Protocol;
import org.rvsimt.device.protocol.ProtocolException;
import org.rvsimt.timing.TimingSession;
import org.rvsimt.timing.config.GpuConfigException;
import org.rvsimt.timing.config.GpuConfigReader;
import org.rvsimt.timing.report.TimingReportFormat;

/**
 * A LAUNCH with the timing option: the performance model (docs/timing.md) times that one launch,
 * and the reply carries its report as JSON, the object {@code rvsimt run --timing --json} prints.
 * Only the built-in GPU presets are accepted: a client must not make the server read its files.
 */
final class LaunchTiming {
    /** The preset when the request names none (as {@code rvsimt run --timing}). */
    static final String DEFAULT_GPU = "volta";

    private final TimingSession session;

    private LaunchTiming(TimingSession session) {
        this.session = session;
    }

    /** The timing of a launch on the preset {@code gpu} ("" for the default). */
    static LaunchTiming of(String gpu) throws ProtocolException {
        try {
            return new LaunchTiming(new TimingSession(GpuConfigReader.preset(gpu.isEmpty() ? DEFAULT_GPU : gpu)));
        } catch (GpuConfigException e) {
            throw new ProtocolException(Protocol.E_BAD_ARGUMENT, "gpu: " + e.getMessage());
        }
    }

    ExecutionConsumer consumer() {
        return session.consumer();
    }

    /**
     * The report of the finished launch as a JSON object; {@code {"error": ...}} when the model
     * cannot time it (a block does not fit a compute unit of the preset), "" when the launch faulted.
     */
    String json(boolean launchOk, int warpSize, int sharedBytes) {
        if (!launchOk) {
            return "";
        }
        Map<String, Object> doc;
        try {
            doc = TimingReportFormat.toMap(session.report(warpSize, sharedBytes));
        } catch (IllegalArgumentException e) {
            doc = Map.of("error", e.getMessage());
        }
        try {
            return new ObjectMapper().writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a timing report is plain data", e);
        }
    }
}
