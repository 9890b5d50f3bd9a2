package org.rvsimt.cli.split;

import java.util.List;

/**
 * Runs the block ranges of a split launch somewhere (Spark executors), each with {@link RangeRunner}, and hands
 * back their results in range order. Tasks are pure: a range that runs twice (a lost executor) gives the same
 * result, and only the caller merges.
 */
public interface SplitEngine extends AutoCloseable {
    /** How many ranges run at once: the default number of ranges. */
    int workers();

    List<RangeResult> run(SplitLaunch launch, List<BlockRange> ranges);

    @Override
    void close();
}
