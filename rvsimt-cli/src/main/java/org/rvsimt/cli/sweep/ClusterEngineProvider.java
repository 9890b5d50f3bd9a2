package org.rvsimt.cli.sweep;

/**
 * Opens a {@link SweepEngine} on a cluster for {@code rvsimt sweep --spark MASTER_URL}. The Spark engine
 * lives in its own module (rvsimt-spark) so Spark stays off the default class path; the sweep command finds
 * it with {@link java.util.ServiceLoader} when the launcher put that module on the class path.
 */
public interface ClusterEngineProvider {
    /**
     * Connects to {@code masterUrl} ({@code local[N]}, {@code spark://host:port}). A URL the cluster refuses
     * is an {@link IllegalArgumentException} with a one-line message.
     */
    SweepEngine open(String masterUrl);
}
