package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The documentation a clone gets is complete: no file of the repository points at design notes
 * that live outside it, and every relative Markdown link leads to a file that exists. Also checks
 * that build output of the C clients is ignored by git.
 */
class DocsSelfContainedTest {
    /**
     * Names of the design notes and reference files the project was written from, which a clone does
     * not have. Built from pieces so that this file does not match itself.
     */
    private static final Pattern OUTSIDE = Pattern.compile(String.join("|",
            Pattern.quote("CONTRACTS" + ".md"),
            "shared/" + "(reference|design|seed)",
            Pattern.quote("seed-system" + ".md"),
            Pattern.quote("vortex-isa" + ".md"),
            Pattern.quote("rvv-and-matrix" + ".md"),
            Pattern.quote("conventions-and-formats" + ".md")));

    /** {@code [text](target)} or {@code ![alt](target "title")}; group 1 is the target. */
    private static final Pattern LINK = Pattern.compile("\\[[^\\]\\n]*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");

    /** A path to a page under docs/, as comments and help texts write it (not part of a longer path). */
    private static final Pattern DOC_PATH = Pattern.compile("(?<![\\w./-])docs/[\\w.-]+\\.(md|json)");

    private static final Pattern FENCE = Pattern.compile("(?ms)^\\s*(```|~~~).*?^\\s*\\1[^\\n]*$");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");

    private static Path root;
    private static List<Path> files;

    @BeforeAll
    static void findRepository() throws IOException {
        root = repositoryRoot();
        files = trackedFiles(root);
        assertThat(files).as("files of the repository at %s", root).isNotEmpty();
    }

    @Test
    void noFileMentionsNotesOutsideTheRepository() throws IOException {
        assertThat(occurrences(OUTSIDE, name -> true))
                .as("references to files a clone does not have (write the facts into docs/ instead)").isEmpty();
    }

    @Test
    void relativeMarkdownLinksLeadToFilesThatExist() throws IOException {
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path f : files) {
            if (!f.toString().endsWith(".md")) {
                continue;
            }
            String text = text(root.resolve(f));
            if (text == null) {
                continue;
            }
            // Code is not Markdown: `a[i](x)` in a code span or block is not a link.
            text = FENCE.matcher(text).replaceAll(r -> "\n".repeat(count(r.group(), '\n')));
            text = INLINE_CODE.matcher(text).replaceAll("``");
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.startsWith("#") || target.matches("(?i)[a-z][a-z0-9+.-]*:.*")) {
                    continue;   // an anchor in the same file, or a URL (https:, mailto:, ...)
                }
                links++;
                String path = URLDecoder.decode(target.replaceAll("[#?].*$", "").replace("+", "%2B"),
                        StandardCharsets.UTF_8);
                Path resolved = (path.startsWith("/") ? root.resolve(path.substring(1))
                        : root.resolve(f).getParent() == null ? root.resolve(path) : root.resolve(f).getParent().resolve(path))
                        .normalize();
                if (!resolved.startsWith(root) || !Files.exists(resolved)) {
                    int line = count(text.substring(0, m.start()), '\n') + 1;
                    broken.add(f + ":" + line + ": " + target);
                }
            }
        }
        assertThat(links).as("relative links found (the scan works)").isGreaterThan(10);
        assertThat(broken).as("relative Markdown links whose target does not exist").isEmpty();
    }

    /** Comments, help texts and docs name pages as {@code docs/*.md}: each of those pages exists. */
    @Test
    void namedDocPagesExist() throws IOException {
        assertThat(occurrences(DOC_PATH, page -> !Files.isRegularFile(root.resolve(page))))
                .as("docs/ pages named but not in the repository").isEmpty();
    }

    @Test
    void buildOutputOfTheCClientsIsIgnoredByGit() throws Exception {
        assumeTrue(gitWorks(root), "git is not available, or this is not a git work tree");
        Process p = new ProcessBuilder("git", "check-ignore", "-q", "clients/c/build/x").directory(root.toFile())
                .redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("git check-ignore clients/c/build/x (0 = ignored)").isZero();
    }

    // ------------------------------------------------------------------ helpers

    /** Each match of {@code pattern} in the repository's text files that {@code reported} accepts: "file:line: match". */
    private static List<String> occurrences(Pattern pattern, java.util.function.Predicate<String> reported)
            throws IOException {
        List<String> found = new ArrayList<>();
        for (Path f : files) {
            String text = text(root.resolve(f));
            if (text == null) {
                continue;
            }
            Matcher m = pattern.matcher(text);
            while (m.find()) {
                if (reported.test(m.group())) {
                    found.add(f + ":" + (count(text.substring(0, m.start()), '\n') + 1) + ": " + m.group());
                }
            }
        }
        return found;
    }

    /** The folder above the working directory that holds the Maven wrapper and the modules. */
    private static Path repositoryRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("mvnw")) && Files.isDirectory(d.resolve("rvsimt-cli"))
                    && Files.isDirectory(d.resolve("docs"))) {
                return d;
            }
        }
        throw new IllegalStateException("no repository root above " + Path.of("").toAbsolutePath());
    }

    /** Files git tracks (and new, unignored ones), or, without git, every file outside build output. */
    private static List<Path> trackedFiles(Path root) throws IOException {
        if (gitWorks(root)) {
            Process p = new ProcessBuilder("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
                    .directory(root.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            try {
                if (p.waitFor() == 0) {
                    List<Path> list = new ArrayList<>();
                    for (String s : out.split("\0")) {
                        if (!s.isEmpty() && Files.isRegularFile(root.resolve(s))) {
                            list.add(Path.of(s));
                        }
                    }
                    return list;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).map(root::relativize)
                    .filter(r -> {
                        for (Path part : r) {
                            String n = part.toString();
                            if (n.equals("target") || n.equals(".git") || n.equals("node_modules") || n.equals("build")) {
                                return false;
                            }
                        }
                        return true;
                    }).toList();
        }
    }

    private static boolean gitWorks(Path dir) {
        try {
            Process p = new ProcessBuilder("git", "rev-parse", "--is-inside-work-tree").directory(dir.toFile())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 && out.equals("true");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The file as text, or null for binary files (a NUL byte) and files too big to be documentation. */
    private static String text(Path file) throws IOException {
        if (Files.size(file) > 8 << 20) {
            return null;
        }
        byte[] bytes = Files.readAllBytes(file);
        for (byte b : bytes) {
            if (b == 0) {
                return null;
            }
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == c) {
                n++;
            }
        }
        return n;
    }
}
