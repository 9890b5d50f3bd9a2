package org.rvsimt.frontend.opencl;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The options of {@code clBuildProgram} that rvsimt accepts (OpenCL 1.2 section 5.6.4), turned
 * into clang arguments: {@code -D name[=value]}, {@code -I dir}, {@code -w}, {@code -Werror},
 * {@code -cl-std=CL1.0|CL1.1|CL1.2} and the {@code -cl-*} optimisation and math options. Anything
 * else is an {@link OpenClBuildException} with {@link OpenClBuildException#invalidOptions()} set.
 */
final class OpenClBuildOptions {
    /** The -cl-* flags clang takes as they are. */
    private static final Set<String> CL_FLAGS = Set.of("-cl-opt-disable", "-cl-single-precision-constant",
            "-cl-denorms-are-zero", "-cl-fp32-correctly-rounded-divide-sqrt", "-cl-mad-enable",
            "-cl-no-signed-zeros", "-cl-unsafe-math-optimizations", "-cl-finite-math-only",
            "-cl-fast-relaxed-math", "-cl-strict-aliasing", "-cl-uniform-work-group-size",
            "-cl-no-subgroup-ifp");
    private static final Set<String> STANDARDS = Set.of("CL1.0", "CL1.1", "CL1.2");

    private OpenClBuildOptions() { }

    /** The clang arguments for {@code options} (null or blank: none). */
    static List<String> toClang(String options) throws OpenClBuildException {
        List<String> out = new ArrayList<>();
        List<String> tokens = tokenize(options == null ? "" : options);
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i);
            if (t.equals("-D") || t.equals("-I")) {
                if (i + 1 >= tokens.size()) {
                    throw invalid("build option " + t + " needs a value");
                }
                out.add(t + tokens.get(++i));
            } else if ((t.startsWith("-D") || t.startsWith("-I")) && t.length() > 2) {
                out.add(t);
            } else if (t.equals("-w") || t.equals("-Werror") || t.equals("-cl-kernel-arg-info")) {
                if (!t.equals("-cl-kernel-arg-info")) {
                    out.add(t); // the argument info is always kept
                }
            } else if (t.startsWith("-cl-std=")) {
                String std = t.substring("-cl-std=".length());
                if (!STANDARDS.contains(std)) {
                    throw invalid("build option " + t + ": rvsimt's device supports OpenCL C 1.0, 1.1 and 1.2 (CL1.2)");
                }
                out.add(t);
            } else if (CL_FLAGS.contains(t)) {
                out.add(t);
            } else {
                throw invalid("unknown build option " + t);
            }
        }
        return out;
    }

    /** True when the options choose an OpenCL C version themselves. */
    static boolean choosesStandard(List<String> clangArgs) {
        return clangArgs.stream().anyMatch(a -> a.startsWith("-cl-std="));
    }

    private static OpenClBuildException invalid(String message) {
        return new OpenClBuildException(message, message + "\n", true);
    }

    /** Splits on blanks; single or double quotes group (a -D value with spaces). */
    static List<String> tokenize(String s) throws OpenClBuildException {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean inToken = false;
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < s.length()) {
                    cur.append(s.charAt(++i));
                } else {
                    cur.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inToken = true;
            } else if (Character.isWhitespace(c)) {
                if (inToken) {
                    out.add(cur.toString());
                    cur.setLength(0);
                    inToken = false;
                }
            } else {
                cur.append(c);
                inToken = true;
            }
        }
        if (quote != 0) {
            throw invalid("build options: unterminated " + quote + " quote");
        }
        if (inToken) {
            out.add(cur.toString());
        }
        return out;
    }
}
