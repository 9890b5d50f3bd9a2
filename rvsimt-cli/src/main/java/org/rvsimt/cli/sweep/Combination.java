package org.rvsimt.cli.sweep;

import java.util.List;
import java.util.Map;

/**
 * One point of a sweep: a launch and a value for each swept parameter. {@code values} holds the
 * parameters in the sweep's column order as rows show them; {@code runArgs} is the complete
 * {@code rvsimt run} command line that performs it (a pure description: running it twice gives the
 * same row, which is what lets an engine retry or distribute it). {@code gpuYaml} is the GPU
 * configuration the launch is timed with when the sweep changes its keys (null otherwise): carried as
 * text so the combination needs no file of the machine that read the sweep. Serializable, so a cluster
 * engine can ship it to its executors.
 */
public record Combination(int index, String launch, Map<String, Object> values, List<String> runArgs, String gpuYaml)
        implements java.io.Serializable { }
