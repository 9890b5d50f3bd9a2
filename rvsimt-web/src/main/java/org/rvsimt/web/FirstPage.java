package org.rvsimt.web;

import java.nio.charset.StandardCharsets;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The page as first served: {@code index.html} with the current state written in (devices, running
 * launches, sampling, the kernel listing, launch history and fault reports), so the first screen
 * shows the device as it is before, or without, JavaScript. The script then takes over with the
 * same panels, kept live from the event stream. Every value is HTML-escaped: kernel names come from
 * clients' ELF symbols.
 *
 * <p>The template marks each place with a comment, {@code <!--@name-->}, so the file stays valid
 * HTML as it is.
 */
final class FirstPage {
    /** Fault reports written in: the newest, as the script shows them. */
    static final int FAULTS = 10;

    /** The state written in; {@code listing} is the latest launch's {@code {device, seq, lines}}, or null. */
    record State(int devices, int sampling, long streamDrops, List<LaunchRecord> running, List<LaunchRecord> history,
                 Map<String, Object> listing) { }

    private final String template;

    FirstPage(byte[] template) {
        this.template = new String(template, StandardCharsets.UTF_8);
    }

    byte[] render(State s) {
        String html = template
                .replace("<!--@conn-->", "snapshot")
                .replace("<!--@devices-->", String.valueOf(s.devices()))
                .replace("<!--@running-count-->", String.valueOf(s.running().size()))
                .replace("<!--@drops-->", String.valueOf(s.streamDrops()))
                .replace("<!--@sampling-->", String.valueOf(s.sampling()))
                .replace("<!--@running-->", running(s.running()))
                .replace("<!--@heat-launch-->", s.listing() == null ? ""
                        : escape("launch " + s.listing().get("device") + "." + s.listing().get("seq")))
                .replace("<!--@heat-->", heat(s.listing()))
                .replace("<!--@history-->", history(s.history()))
                .replace("<!--@faults-->", faults(s.history()));
        return html.getBytes(StandardCharsets.UTF_8);
    }

    private static String running(List<LaunchRecord> running) {
        if (running.isEmpty()) {
            return "<li class=\"muted\">no launch running</li>";
        }
        StringBuilder b = new StringBuilder();
        for (LaunchRecord r : running) {
            b.append(tag("li", "launch " + r.id() + " " + r.kernel() + " grid [" + dims(r.grid()) + "] block ["
                    + dims(r.block()) + "] running"));
        }
        return b.toString();
    }

    private static String heat(Map<String, Object> listing) {
        if (listing == null) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (Object o : (List<?>) listing.get("lines")) {
            Object[] line = (Object[]) o;
            int pc = (Integer) line[0];
            b.append("<tr data-pc=\"").append(pc).append("\" data-samples=\"0\">").append(tag("td", hex(pc)))
                    .append("<td class=\"bar\"><i style=\"width:0px\"></i></td><td class=\"div-mark\"></td>")
                    .append(tag("td", String.valueOf(line[1]))).append("</tr>");
        }
        return b.toString();
    }

    private static String history(List<LaunchRecord> history) {
        StringBuilder b = new StringBuilder();
        for (LaunchRecord r : history) {
            String status = r.faultKind() != null ? r.status() + " (" + r.faultKind() + ")" : r.status();
            b.append("<tr>").append(tag("td", r.id())).append(tag("td", r.kernel()))
                    .append(tag("td", "[" + dims(r.grid()) + "]")).append(tag("td", "[" + dims(r.block()) + "]"))
                    .append("<td class=\"status-").append(escape(r.status())).append("\">").append(escape(status))
                    .append("</td>")
                    .append(tag("td", number(r.warpInstructions(), 0))).append(tag("td", number(r.laneInstructions(), 0)))
                    .append(tag("td", number(r.simtEfficiency() * 100, 1) + " %"))
                    .append(tag("td", number(r.wallMs(), 2))).append(tag("td", number(r.laneInstructionsPerSecond(), 0)))
                    .append("</tr>");
        }
        return b.toString();
    }

    /** The report's scalar fields; the script adds the flight-recorder tail as a folded table. */
    private static String faults(List<LaunchRecord> history) {
        StringBuilder b = new StringBuilder();
        int n = 0;
        for (LaunchRecord r : history) {
            if (r.fault() == null) {
                continue;
            }
            if (n++ == FAULTS) {
                break;
            }
            b.append("<div class=\"fault\" data-launch=\"").append(escape(r.id())).append("\">")
                    .append(tag("b", "launch " + r.id() + ": " + r.faultKind()));
            if (r.message() != null && !r.message().isEmpty()) {
                b.append("<div class=\"fault-message\">").append(escape(r.message())).append("</div>");
            }
            b.append("<dl>");
            for (Map.Entry<String, Object> e : r.fault().entrySet()) {
                Object v = e.getValue();
                if (v instanceof List<?> l && !l.isEmpty() && l.getFirst() instanceof Map) {
                    continue;
                }
                b.append(tag("dt", e.getKey())).append(tag("dd", faultValue(e.getKey(), v)));
            }
            b.append("</dl></div>");
        }
        return n == 0 ? "<p class=\"muted\">no faults</p>" : b.toString();
    }

    /** As the script shows a field: pcs and addresses in hex, lane masks in hex, lists in parentheses. */
    private static String faultValue(String key, Object v) {
        if (v instanceof Number num && (key.equals("pc") || key.equals("address")) && num.longValue() >= 0) {
            return hex(num.longValue());
        }
        if (v instanceof Number num && (key.equals("lanes") || key.equals("mask"))) {
            return "0x" + Long.toHexString(num.longValue());
        }
        if (v instanceof List<?> l) {
            StringBuilder b = new StringBuilder("(");
            for (int i = 0; i < l.size(); i++) {
                b.append(i > 0 ? ", " : "").append(l.get(i));
            }
            return b.append(')').toString();
        }
        return v == null ? "" : String.valueOf(v);
    }

    private static String tag(String name, String text) {
        return "<" + name + ">" + escape(text) + "</" + name + ">";
    }

    private static String hex(long v) {
        return String.format("0x%08x", v & 0xFFFF_FFFFL);
    }

    private static String dims(int[] d) {
        return d[0] + "," + d[1] + "," + d[2];
    }

    /** Grouped thousands, at most {@code digits} decimals: as the script's toLocaleString('en'). */
    static String number(double v, int digits) {
        DecimalFormat f = new DecimalFormat(digits == 0 ? "#,##0" : "#,##0." + "#".repeat(digits),
                DecimalFormatSymbols.getInstance(Locale.ENGLISH));
        return f.format(v);
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
