package org.rvsimt.device.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.rvsimt.device.LaunchTiming;
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
final class TimingRequest {
    /** The preset when the request names none (as {@code rvsimt run --timing}). */
    static final String DEFAULT_GPU = "volta";

    private TimingRequest() { }

    /** A session timing a launch on the preset {@code gpu} ("" for the default). */
    static TimingSession session(String gpu) throws ProtocolException {
        try {
            return new TimingSession(GpuConfigReader.preset(gpu.isEmpty() ? DEFAULT_GPU : gpu));
        } catch (GpuConfigException e) {
            throw new ProtocolException(Protocol.E_BAD_ARGUMENT, "gpu: " + e.getMessage());
        }
    }

    /**
     * The reply's report as a JSON object; {@code {"error": ...}} when the model could not time the
     * launch (a block does not fit a compute unit of the preset), "" when it was not timed (it faulted).
     */
    static String json(LaunchTiming timing) {
        if (timing == null) {
            return "";
        }
        Map<String, Object> doc = timing.report() != null ? TimingReportFormat.toMap(timing.report())
                : Map.of("error", timing.error());
        try {
            return new ObjectMapper().writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a timing report is plain data", e);
        }
    }
}
