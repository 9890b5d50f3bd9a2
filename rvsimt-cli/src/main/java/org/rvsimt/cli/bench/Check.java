package org.rvsimt.cli.bench;

/**
 * The outcome of comparing a device output with its Java reference.
 *
 * @param what   what was compared and how ("max abs error vs double reference", ...)
 * @param error  the largest error found (0 for exact comparisons that pass)
 * @param tol    the tolerance stated for the case
 * @param pass   error <= tol
 * @param detail the first mismatch, or empty
 */
public record Check(String what, double error, double tol, boolean pass, String detail) {

    /** Max absolute error of {@code got} against {@code ref}. */
    public static Check absolute(String what, float[] got, double[] ref, double tol) {
        double worst = 0;
        int at = -1;
        for (int i = 0; i < ref.length; i++) {
            double e = Math.abs(got[i] - ref[i]);
            if (!(e <= worst)) {             // NaN counts as the worst error
                worst = Double.isNaN(e) ? Double.POSITIVE_INFINITY : e;
                at = i;
            }
        }
        boolean pass = worst <= tol;
        return new Check(what, worst, tol, pass, pass ? "" : "element " + at + ": got " + got[at] + ", expected " + ref[at]);
    }

    /** Max error relative to the largest reference magnitude (a scale-free absolute error). */
    public static Check scaled(String what, float[] got, double[] ref, double rtol) {
        double scale = 0;
        for (double r : ref) {
            scale = Math.max(scale, Math.abs(r));
        }
        Check c = absolute(what, got, ref, rtol * Math.max(scale, Double.MIN_NORMAL));
        double rel = c.error() / Math.max(scale, Double.MIN_NORMAL);
        return new Check(what, rel, rtol, c.pass(), c.detail());
    }

    /** Max relative error |got - ref| / |ref| (for outputs that are never near zero). */
    public static Check relative(String what, float[] got, double[] ref, double rtol) {
        double worst = 0;
        int at = -1;
        for (int i = 0; i < ref.length; i++) {
            double e = Math.abs(got[i] - ref[i]) / Math.max(Math.abs(ref[i]), Double.MIN_NORMAL);
            if (!(e <= worst)) {
                worst = Double.isNaN(e) ? Double.POSITIVE_INFINITY : e;
                at = i;
            }
        }
        boolean pass = worst <= rtol;
        return new Check(what, worst, rtol, pass, pass ? "" : "element " + at + ": got " + got[at] + ", expected " + ref[at]);
    }

    /** Bit-exact float comparison. */
    public static Check exact(String what, float[] got, float[] ref) {
        for (int i = 0; i < ref.length; i++) {
            if (Float.floatToRawIntBits(got[i]) != Float.floatToRawIntBits(ref[i])) {
                return new Check(what, Math.abs((double) got[i] - ref[i]), 0, false,
                        "element " + i + ": got " + got[i] + ", expected " + ref[i]);
            }
        }
        return new Check(what, 0, 0, true, "");
    }

    public static Check exact(String what, int[] got, int[] ref) {
        for (int i = 0; i < ref.length; i++) {
            if (got[i] != ref[i]) {
                return new Check(what, Math.abs((double) got[i] - ref[i]), 0, false,
                        "element " + i + ": got " + got[i] + ", expected " + ref[i]);
            }
        }
        return new Check(what, 0, 0, true, "");
    }
}
