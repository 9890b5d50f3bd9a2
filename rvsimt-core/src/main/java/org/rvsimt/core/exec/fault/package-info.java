/**
 * How the engines work out a fault's extent (which lanes fault) before reporting it.
 */
package org.rvsimt.core.exec.fault;
