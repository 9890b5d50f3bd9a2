package org.rvsimt.web;

import java.util.concurrent.atomic.LongAdder;

/**
 * Live-trace records dropped by all devices' tracers, past and present: devices of per-client
 * servers come and go, and a Prometheus counter must never go down when one is dropped.
 */
final class DropCounts {
    final LongAdder rows = new LongAdder();
    final LongAdder events = new LongAdder();
}
