package org.rvsimt.frontend.opencl;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Reference values of erf, erfc, Gamma and ln |Gamma| in double precision for the accuracy test,
 * by methods other than the device library's (which uses a float series, Laplace's continued
 * fraction, zeta-function series and falling products): erf and erfc by the Taylor series in
 * 80-digit decimal arithmetic (and erfc's asymptotic series above 5), Gamma by Stirling's series
 * after shifting the argument above 20, and Euler's reflection formula below 1/2. Each is far more
 * accurate than a float's ulp: relative errors below 1e-13 (ln |Gamma| near its zeros at 1 and 2:
 * absolute errors below 1e-13).
 */
final class SpecialFunctions {
    private static final MathContext MC = new MathContext(80);
    private static final BigDecimal PI = new BigDecimal(
            "3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798");
    private static final BigDecimal TWO_OVER_SQRT_PI = BigDecimal.TWO.divide(PI.sqrt(MC), MC);
    private static final BigDecimal SERIES_END = new BigDecimal("1e-60");

    private SpecialFunctions() { }

    /** (2/sqrt(pi)) sum_n (-1)^n x^(2n+1) / (n! (2n+1)), every term exact to 80 digits. */
    private static BigDecimal erfSeries(double x) {
        BigDecimal bx = new BigDecimal(x);
        BigDecimal minusT = bx.multiply(bx, MC).negate();
        BigDecimal power = bx;                       // (-1)^n x^(2n+1) / n!
        BigDecimal sum = BigDecimal.ZERO;
        for (int n = 0; ; n++) {
            BigDecimal term = power.divide(BigDecimal.valueOf(2L * n + 1), MC);
            sum = sum.add(term, MC);
            if (n > 2 && term.abs().compareTo(SERIES_END) < 0) {
                return sum.multiply(TWO_OVER_SQRT_PI, MC);
            }
            power = power.multiply(minusT, MC).divide(BigDecimal.valueOf(n + 1), MC);
        }
    }

    static double erf(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        return Math.abs(x) >= 6 ? Math.copySign(1, x) : erfSeries(x).doubleValue();  // 1 - erf(6) < 3e-17
    }

    static double erfc(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        if (x <= -6) {
            return 2;
        }
        if (x <= 5) {
            // erf(5) = 1 - 1.5e-12: the 80-digit sum keeps more than 50 digits of the difference
            return BigDecimal.ONE.subtract(erfSeries(x), MC).doubleValue();
        }
        // the asymptotic series e^(-x^2) / (x sqrt(pi)) sum_n (-1)^n (2n-1)!! / (2x^2)^n, summed while its
        // terms fall (to n ~ x^2: the next term is below e^(-25) of the sum)
        double w = 1 / (2 * x * x);
        double term = 1;
        double sum = 1;
        for (int n = 1; n < 200; n++) {
            double next = -term * (2 * n - 1) * w;
            if (Math.abs(next) >= Math.abs(term)) {
                break;
            }
            term = next;
            sum += term;
        }
        return StrictMath.exp(-x * x) / (x * Math.sqrt(Math.PI)) * sum;   // x*x is exact for a float x
    }

    /** ln Gamma(z) for z >= 20: Stirling's series with the Bernoulli numbers B2..B16 (the next term is below 1e-25). */
    private static double lnGammaStirling(double z) {
        double[] c = {1.0 / 12, -1.0 / 360, 1.0 / 1260, -1.0 / 1680, 1.0 / 1188, -691.0 / 360360, 1.0 / 156, -3617.0 / 122400};
        double w = 1 / (z * z);
        double s = 0;
        for (int k = c.length - 1; k >= 0; k--) {
            s = s * w + c[k];
        }
        return (z - 0.5) * Math.log(z) - z + 0.5 * Math.log(2 * Math.PI) + s / z;
    }

    static double gamma(double x) {
        if (Double.isNaN(x) || x == Double.NEGATIVE_INFINITY) {
            return Double.NaN;
        }
        if (x == 0) {
            return Math.copySign(Double.POSITIVE_INFINITY, x);
        }
        if (x < 0 && x == Math.rint(x)) {
            return Double.NaN;
        }
        if (x > 172) {
            return Double.POSITIVE_INFINITY;
        }
        if (x < 0.5) {
            return Math.PI / (OpenClMathAccuracyTest.sinpi(x) * gamma(1 - x));   // 1 - x is exact for a float x
        }
        double p = 1;
        double z = x;
        while (z < 20) {
            p *= z;
            z += 1;
        }
        return Math.exp(lnGammaStirling(z)) / p;
    }

    static double lgamma(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        if (Double.isInfinite(x) || x <= 0 && x == Math.rint(x)) {
            return Double.POSITIVE_INFINITY;
        }
        if (x >= 20) {
            return lnGammaStirling(x);
        }
        if (x > -20) {
            return Math.log(Math.abs(gamma(x)));
        }
        // ln |Gamma(x)| = ln pi - ln |sin(pi x)| - ln Gamma(1 - x)
        return Math.log(Math.PI) - Math.log(Math.abs(OpenClMathAccuracyTest.sinpi(x))) - lnGammaStirling(1 - x);
    }
}
