package org.rvsimt.cli.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code BASE.html}: one self-contained page (inline CSS and SVG, no script, nothing fetched) with a
 * plot of the chosen metric against each swept parameter and the table of every row, so it opens
 * offline and can be mailed around.
 */
public final class SweepReport {
    private static final int W = 420;
    private static final int H = 260;
    private static final int LEFT = 70;
    private static final int BOTTOM = 40;
    private static final int TOP = 20;
    private static final int RIGHT = 20;

    private SweepReport() { }

    public static Path write(Path base, Sweep sweep, List<String> columns, List<Row> rows, String metric) throws IOException {
        Path html = SweepOutput.sibling(base, ".html");
        Files.writeString(html, render(sweep, columns, rows, metric));
        return html;
    }

    static String render(Sweep sweep, List<String> columns, List<Row> rows, String metric) {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rvsimt sweep ")
                .append(esc(sweep.name())).append("</title>\n<style>")
                .append("body{font-family:sans-serif;margin:1.5em;color:#222}")
                .append(".plots{display:flex;flex-wrap:wrap;gap:1em}figure{margin:0}figcaption{font-size:90%;text-align:center}")
                .append("table{border-collapse:collapse;font-size:80%}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}")
                .append("tr.bad td{background:#fde2e2}svg text{font-size:11px;fill:#333}")
                .append("</style></head><body>\n");
        Map<String, Integer> byStatus = new TreeMap<>();
        rows.forEach(r -> byStatus.merge(r.status(), 1, Integer::sum));
        b.append("<h1>Sweep ").append(esc(sweep.name())).append("</h1>\n<p id=\"summary\">")
                .append(rows.size()).append(" of ").append(sweep.combinations().size()).append(" combinations; ");
        byStatus.forEach((k, v) -> b.append(esc(k)).append(": ").append(v).append("; "));
        b.append("plotted: <b>").append(esc(metric)).append("</b> (points: rows; line: mean per value)</p>\n");
        b.append("<div class=\"plots\">\n");
        List<String> axes = new ArrayList<>();
        if (sweep.combinations().stream().map(Combination::launch).distinct().count() > 1) {
            axes.add("launch");
        }
        axes.addAll(sweep.parameters());
        for (String p : axes) {
            b.append(plot(p, rows, metric));
        }
        b.append("</div>\n<h2>Rows</h2>\n<table id=\"rows\"><thead><tr>");
        for (String c : columns) {
            b.append("<th>").append(esc(c)).append("</th>");
        }
        b.append("</tr></thead><tbody>\n");
        for (Row r : rows) {
            b.append(r.status().equals("ok") ? "<tr>" : "<tr class=\"bad\">");
            for (String c : columns) {
                Object v = r.values().get(c);
                b.append("<td>").append(v == null ? "" : esc(format(v))).append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</tbody></table>\n</body></html>\n");
        return b.toString();
    }

    /** The metric against one parameter: numeric axis when every value is a number, else categories. */
    static String plot(String param, List<Row> rows, String metric) {
        List<Object> xs = new ArrayList<>();
        for (Row r : rows) {
            Object x = r.values().get(param);
            if (!xs.contains(x)) {
                xs.add(x);
            }
        }
        boolean numeric = xs.stream().allMatch(x -> x instanceof Number);
        double xmin = 0;
        double xmax = 1;
        if (numeric) {
            xs.sort((a, c) -> Double.compare(((Number) a).doubleValue(), ((Number) c).doubleValue()));
            xmin = ((Number) xs.get(0)).doubleValue();
            xmax = ((Number) xs.get(xs.size() - 1)).doubleValue();
        }
        boolean log = numeric && xmin > 0 && xmax / xmin >= 16;
        Map<Object, List<Double>> ys = new LinkedHashMap<>();
        xs.forEach(x -> ys.put(x, new ArrayList<>()));
        double ymax = 0;
        double ymin = 0;
        for (Row r : rows) {
            if (r.values().get(metric) instanceof Number n) {
                ys.get(r.values().get(param)).add(n.doubleValue());
                ymax = Math.max(ymax, n.doubleValue());
                ymin = Math.min(ymin, n.doubleValue());
            }
        }
        if (ymax == ymin) {
            ymax = ymin + 1;
        }
        StringBuilder b = new StringBuilder();
        b.append("<figure><svg class=\"plot\" width=\"").append(W).append("\" height=\"")
                .append(H).append("\" viewBox=\"0 0 ").append(W).append(' ').append(H).append("\" data-param=\"")
                .append(esc(param)).append("\">\n");
        int x0 = LEFT;
        int x1 = W - RIGHT;
        int y0 = H - BOTTOM;
        int y1 = TOP;
        b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>", x0, y0, x1, y0));
        b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>\n", x0, y0, x0, y1));
        for (int t = 0; t <= 4; t++) {
            double v = ymin + (ymax - ymin) * t / 4;
            double y = y0 - (y0 - y1) * (double) t / 4;
            b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", x0, y, x1, y, x0 - 4, y + 4, esc(tick(v))));
        }
        double[] px = new double[xs.size()];
        for (int i = 0; i < xs.size(); i++) {
            double f;
            if (!numeric || xmax == xmin) {
                f = xs.size() == 1 ? 0.5 : (double) i / (xs.size() - 1);
            } else if (log) {
                f = Math.log(((Number) xs.get(i)).doubleValue() / xmin) / Math.log(xmax / xmin);
            } else {
                f = (((Number) xs.get(i)).doubleValue() - xmin) / (xmax - xmin);
            }
            px[i] = x0 + 10 + (x1 - x0 - 20) * f;
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>", px[i], y0 + 15,
                    esc(shortLabel(xs.get(i)))));
        }
        b.append('\n');
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < xs.size(); i++) {
            List<Double> v = ys.get(xs.get(i));
            for (double y : v) {
                b.append(String.format(Locale.ROOT, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#3b6fb6\" "
                        + "fill-opacity=\"0.5\"/>", px[i], yPos(y, ymin, ymax, y0, y1)));
            }
            if (!v.isEmpty()) {
                double mean = v.stream().mapToDouble(Double::doubleValue).average().orElse(0);
                line.append(line.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.1f,%.1f", px[i],
                        yPos(mean, ymin, ymax, y0, y1)));
            }
        }
        b.append("\n<polyline points=\"").append(line).append("\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\"/>\n");
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s%s</text>", (x0 + x1) / 2, H - 5,
                esc(param), log ? " (log scale)" : ""));
        b.append("</svg><figcaption>").append(esc(metric)).append(" vs ").append(esc(param)).append("</figcaption></figure>\n");
        return b.toString();
    }

    private static double yPos(double v, double ymin, double ymax, int y0, int y1) {
        return y0 - (y0 - y1) * (v - ymin) / (ymax - ymin);
    }

    private static String tick(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        if (Math.abs(v) >= 100 && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }

    private static String shortLabel(Object x) {
        String s = x == null ? "(default)" : String.valueOf(x);
        return s.length() > 18 ? "…" + s.substring(s.length() - 17) : s;
    }

    private static String format(Object v) {
        if (v instanceof Double d) {
            return String.format(Locale.ROOT, "%.4g", d);
        }
        return String.valueOf(v);
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
