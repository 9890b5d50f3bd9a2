package org.rvsimt.device;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rvsimt.device.doc.DeviceDocs;
import org.rvsimt.device.protocol.Protocol;

/**
 * docs/device.md and docs/protocol.md carry tables generated from the Java register table and
 * protocol constants. With -Drvsimt.updateDocs=true this test rewrites them; otherwise it fails
 * when they are stale, naming the command that refreshes them.
 */
class DocsTest {
    @Test
    void generatedTablesAreUpToDate() throws Exception {
        Path root = TestSupport.repo();
        boolean update = Boolean.getBoolean("rvsimt.updateDocs");
        for (Map.Entry<String, Map<String, String>> doc : DeviceDocs.documents().entrySet()) {
            Path p = root.resolve(doc.getKey());
            String text = Files.readString(p);
            assertThat(DeviceDocs.blocksOf(text).keySet()).as(doc.getKey() + " generated blocks")
                    .containsExactlyInAnyOrderElementsOf(doc.getValue().keySet());
            String fresh = DeviceDocs.fill(text, doc.getValue());
            if (update && !fresh.equals(text)) {
                Files.writeString(p, fresh);
                text = fresh;
            }
            assertThat(text).as(doc.getKey() + " is stale: run ./mvnw -pl rvsimt-device test -Dtest=DocsTest "
                    + "-Drvsimt.updateDocs=true").isEqualTo(fresh);
        }
    }

    @Test
    void everyMessageAndErrorIsDocumented() throws Exception {
        String protocol = Files.readString(TestSupport.repo().resolve("docs/protocol.md"));
        for (Protocol.Message m : Protocol.MESSAGES) {
            assertThat(protocol).contains(String.format("`0x%04X` | %s |", m.type(), m.name()));
            String notes = protocol.substring(protocol.indexOf("Notes on each message"));
            assertThat(notes).as("notes on " + m.name()).containsPattern("\\*\\*[A-Z_ /]*\\b" + m.name() + "\\b");
        }
        for (Protocol.ErrorCode e : Protocol.ERRORS) {
            assertThat(protocol).contains("| " + e.code() + " | " + e.name() + " |");
        }
        String device = Files.readString(TestSupport.repo().resolve("docs/device.md"));
        for (Register r : RegisterMap.ALL) {
            assertThat(device).contains(r.name());
        }
    }
}
