package org.rvsimt.device.doc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rvsimt.device.FaultKinds;
import org.rvsimt.device.Register;
import org.rvsimt.device.RegisterMap;
import org.rvsimt.device.protocol.Protocol;

/**
 * The tables of docs/device.md and docs/protocol.md, generated from {@link RegisterMap} and
 * {@link Protocol}. Each table sits between {@code <!-- BEGIN GENERATED name -->} and
 * {@code <!-- END GENERATED name -->}; {@code main} rewrites them in place (argument: the
 * repository root), and a test fails when a document is out of date.
 */
public final class DeviceDocs {
    private DeviceDocs() { }

    private static final Pattern BLOCK = Pattern.compile(
            "(<!-- BEGIN GENERATED ([a-z0-9-]+) -->\\n)(.*?)(<!-- END GENERATED \\2 -->)", Pattern.DOTALL);

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        for (Map.Entry<String, Map<String, String>> doc : documents().entrySet()) {
            Path p = root.resolve(doc.getKey());
            String text = Files.readString(p);
            String updated = fill(text, doc.getValue());
            if (!updated.equals(text)) {
                Files.writeString(p, updated);
                System.out.println("updated " + p);
            }
        }
    }

    /** Document path (relative to the repository) to its generated blocks by name. */
    public static Map<String, Map<String, String>> documents() {
        Map<String, Map<String, String>> docs = new LinkedHashMap<>();
        Map<String, String> device = new LinkedHashMap<>();
        device.put("bar0", registerTable(RegisterMap.BAR_REGS));
        device.put("bar4", registerTable(RegisterMap.BAR_DOORBELL));
        device.put("bits", bitTables());
        device.put("fault-kinds", faultKinds());
        docs.put("docs/device.md", device);
        Map<String, String> protocol = new LinkedHashMap<>();
        protocol.put("messages", messageTable());
        protocol.put("errors", errorTable());
        docs.put("docs/protocol.md", protocol);
        return docs;
    }

    /** Replaces every generated block of {@code text} whose name is in {@code blocks}. */
    public static String fill(String text, Map<String, String> blocks) {
        Matcher m = BLOCK.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String body = blocks.get(m.group(2));
            String replacement = m.group(1) + (body != null ? body : m.group(3)) + m.group(4);
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The generated blocks as they are in {@code text}, by name. */
    public static Map<String, String> blocksOf(String text) {
        Map<String, String> found = new LinkedHashMap<>();
        Matcher m = BLOCK.matcher(text);
        while (m.find()) {
            found.put(m.group(2), m.group(3));
        }
        return found;
    }

    private static String cell(String s) {
        return s.replace("|", "\\|");
    }

    static String registerTable(int bar) {
        StringBuilder b = new StringBuilder("| offset | name | access | reset | description |\n|---|---|---|---|---|\n");
        for (Register r : RegisterMap.ALL) {
            if (r.bar() != bar) {
                continue;
            }
            b.append(String.format("| `0x%03X` | %s%s | %s | %s | %s |%n", r.offset(), r.name(),
                    r.extension() ? " *(rvsimt)*" : "", r.access(), cell(r.reset()), cell(r.description())));
        }
        return b.toString();
    }

    static String bitTables() {
        StringBuilder b = new StringBuilder();
        for (Register r : RegisterMap.ALL) {
            if (r.bits().isEmpty()) {
                continue;
            }
            b.append(String.format("**%s** (`0x%03X`)%n%n| bits | name | meaning |%n|---|---|---|%n", r.name(), r.offset()));
            for (Register.Bit bit : r.bits()) {
                b.append("| ").append(bit.bits()).append(" | ").append(bit.name()).append(" | ").append(cell(bit.meaning()))
                        .append(" |\n");
            }
            b.append('\n');
        }
        return b.toString();
    }

    static String faultKinds() {
        StringBuilder b = new StringBuilder("| FAULT_KIND | kind |\n|---|---|\n");
        for (int i = 0; i < FaultKinds.KINDS.size(); i++) {
            b.append("| ").append(i).append(" | `").append(FaultKinds.KINDS.get(i)).append("` |\n");
        }
        b.append("| ").append(FaultKinds.OTHER).append(" | any other kind the engine reports |\n");
        return b.toString();
    }

    static String messageTable() {
        StringBuilder b = new StringBuilder("| type | name | direction | payload | reply payload |\n|---|---|---|---|---|\n");
        for (Protocol.Message m : Protocol.MESSAGES) {
            b.append(String.format("| `0x%04X` | %s | %s | %s | %s |%n", m.type(), m.name(), m.direction(),
                    cell(m.request()), cell(m.reply())));
        }
        return b.toString();
    }

    static String errorTable() {
        StringBuilder b = new StringBuilder("| code | name | connection | meaning |\n|---|---|---|---|\n");
        for (Protocol.ErrorCode e : Protocol.ERRORS) {
            b.append(String.format("| %d | %s | %s | %s |%n", e.code(), e.name(), e.closes() ? "closed" : "stays open",
                    cell(e.meaning())));
        }
        return b.toString();
    }
}
