package org.rvsimt.cli.sweep;

import java.util.List;

/**
 * A sweep file after validation (docs/scale-out.md): its combinations in run order, the swept
 * parameter names (the row columns after {@code launch}), whether launches are timed, and the
 * metric the HTML report plots.
 */
public record Sweep(String source, String name, List<String> parameters, List<Combination> combinations, boolean timing,
                    String metric) { }
