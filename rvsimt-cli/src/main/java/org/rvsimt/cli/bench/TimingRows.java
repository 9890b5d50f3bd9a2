package org.rvsimt.cli.bench;

import org.rvsimt.core.api.Device;
import org.rvsimt.timing.TimingConsumer;
import org.rvsimt.timing.config.GpuConfigReader;

/**
 * The bench's timing rows ({@code --engine timing}): the JIT with the performance model (volta
 * preset) timing every launch, so the row's rate is timing-mode speed, model included.
 */
final class TimingRows {
    static final String TIMING = "timing";

    private TimingRows() { }

    /** The functional engine a row's engine name runs. */
    static String engineOf(String rowEngine) {
        return rowEngine.equals(TIMING) ? "jit" : rowEngine;
    }

    static void attach(Device d, String rowEngine, int warpSize) {
        if (rowEngine.equals(TIMING)) {
            d.setEvents(new TimingConsumer(GpuConfigReader.preset("volta"), warpSize));
        }
    }
}
