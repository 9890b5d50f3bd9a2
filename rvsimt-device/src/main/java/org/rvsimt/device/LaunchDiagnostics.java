package org.rvsimt.device;

import org.rvsimt.core.api.LaunchStatistics;
import org.rvsimt.observe.SourceLines;
import org.rvsimt.observe.checks.CheckResult;

/**
 * What a dispatch that ran tells a developer beyond its result: the sanitizer checks' findings, the
 * per-instruction profile, its timing, and where the kernel's pcs are in its source (the web UI's findings and
 * source view, LAUNCH_CHECKED's reply).
 *
 * @param checks     what the checks found, or null when the dispatch ran without them
 * @param statistics the launch's profile (every instruction that ran, with its counts)
 * @param lines      the kernel's source lines (none for flat binaries and kernels without DWARF)
 * @param timing     the performance model's report when the client asked to time the dispatch and it
 *                   ended without a fault, else null
 */
public record LaunchDiagnostics(CheckResult checks, LaunchStatistics statistics, SourceLines lines,
                                LaunchTiming timing) { }
