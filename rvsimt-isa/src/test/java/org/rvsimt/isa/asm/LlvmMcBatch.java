package org.rvsimt.isa.asm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One llvm-mc run over many one-line cases, each under its own label, so a whole table is checked
 * by a single process: the words llvm-mc encodes for each case, and its errors named by case.
 */
final class LlvmMcBatch {
    private static final Pattern ENCODING = Pattern.compile("encoding: \\[(0x[0-9a-f]{2}(?:,0x[0-9a-f]{2})*)\\]");
    private static final Pattern LABEL = Pattern.compile("^(L\\d+):");
    private static final Pattern ERROR = Pattern.compile(":(\\d+):(\\d+): error: (.*)");

    /** Words by case index (a pseudo-instruction may expand to several), and llvm-mc's errors. */
    record Result(Map<Integer, List<Integer>> words, List<String> errors) { }

    private LlvmMcBatch() { }

    static Result run(Path mc, Path file, String mattr, List<String> texts) throws IOException, InterruptedException {
        StringBuilder src = new StringBuilder();
        Map<Integer, Integer> lineToCase = new LinkedHashMap<>();
        int line = 0;
        for (int i = 0; i < texts.size(); i++) {
            src.append('L').append(i).append(":\n").append(texts.get(i)).append('\n');
            line += 2;
            lineToCase.put(line, i);
        }
        Files.writeString(file, src);
        AsmTestSupport.Run r = AsmTestSupport.run(List.of(mc.toString(), "-triple=riscv32", "-mattr=" + mattr,
                "-show-encoding", file.toString()));
        List<String> errors = new ArrayList<>();
        for (String l : r.err().split("\n")) {
            Matcher m = ERROR.matcher(l);
            if (m.find()) {
                Integer c = lineToCase.get(Integer.parseInt(m.group(1)));
                errors.add((c != null ? texts.get(c) : "line " + m.group(1)) + ": llvm-mc: " + m.group(3));
            }
        }
        Map<Integer, List<Integer>> words = new LinkedHashMap<>();
        Integer current = null;
        for (String l : r.out().split("\n")) {
            Matcher lm = LABEL.matcher(l.trim());
            if (lm.find()) {
                current = Integer.parseInt(lm.group(1).substring(1));
                continue;
            }
            Matcher em = ENCODING.matcher(l);
            if (em.find() && current != null) {
                String[] bytes = em.group(1).split(",");
                int w = 0;
                for (int b = 0; b < bytes.length; b++) {
                    w |= Integer.parseInt(bytes[b].substring(2), 16) << (8 * b);
                }
                words.computeIfAbsent(current, k -> new ArrayList<>()).add(w);
            }
        }
        return new Result(words, errors);
    }
}
