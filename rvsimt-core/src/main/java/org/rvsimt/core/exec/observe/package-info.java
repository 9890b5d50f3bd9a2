/**
 * What the engines record while a launch runs: the per-instruction profile behind the launch
 * statistics, the flight recorder's tail in fault reports, and the delivery of execution events.
 */
package org.rvsimt.core.exec.observe;
