package org.rvsimt.cli.split;

/**
 * Opens a {@link SplitEngine} for {@code rvsimt run --spark MASTER_URL}. Like the sweep's cluster engine it lives
 * in the rvsimt-spark module, found with {@link java.util.ServiceLoader} when the launcher put it on the class path.
 */
public interface SplitEngineProvider {
    /** Connects to {@code masterUrl}; a URL the cluster refuses is an {@link IllegalArgumentException} with one line. */
    SplitEngine open(String masterUrl);
}
