package org.rvsimt.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A first-launch child starts as a user's {@code rvsimt run} does: through the clone's launcher when
 * the bench runs that launcher's jar, else as a java command with run's JVM options (no Vector API
 * module unless host SIMD is on, the AOT cache beside the jar). LauncherIT runs the real thing.
 */
class FirstLaunchCommandTest {
    private static final String MODULE = "--add-modules=jdk.incubator.vector";
    private static final List<String> BENCH_OPTIONS = List.of(MODULE, "-Xss16m", "-Drvsimt.stderr.fd=3");

    @TempDir
    Path root;

    private Path jarWithCache(boolean launcher, boolean cache) throws Exception {
        Path jar = Files.createDirectories(root.resolve("rvsimt-cli/target")).resolve("rvsimt.jar");
        Files.writeString(jar, "");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(1_000_000));
        if (cache) {
            Files.writeString(jar.resolveSibling("rvsimt.aot"), "");
            Files.setLastModifiedTime(jar.resolveSibling("rvsimt.aot"), FileTime.fromMillis(2_000_000));
        }
        if (launcher) {
            Path script = Files.writeString(root.resolve("rvsimt"), "#!/bin/sh\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return jar;
    }

    @Test
    void theLauncherBesideTheJarStartsTheChild() throws Exception {
        Path jar = jarWithCache(true, true);
        FirstLaunch.ChildStart start = FirstLaunch.childStart(jar.toString(), "/the/jdk", BENCH_OPTIONS, null);
        assertThat(start.command()).containsExactly(root.resolve("rvsimt").toString());
        assertThat(start.environment()).containsEntry("JAVA_HOME", "/the/jdk").containsEntry("RVSIMT_NO_BUILD", "1")
                .containsEntry("RVSIMT_HOST_SIMD", "off");

        assertThat(FirstLaunch.childStart(jar.toString(), "/the/jdk", BENCH_OPTIONS, "on").environment())
                .as("host SIMD on: run has the module too").containsEntry("RVSIMT_HOST_SIMD", "on");
    }

    @Test
    void withoutALauncherTheChildIsJavaWithRunsOptionsAndTheCacheBesideTheJar() throws Exception {
        Path jar = jarWithCache(false, true);
        FirstLaunch.ChildStart start = FirstLaunch.childStart(jar.toString(), "/the/jdk", BENCH_OPTIONS, "auto");
        assertThat(start.environment()).isEmpty();
        assertThat(start.command()).containsExactly("/the/jdk/bin/java", "-Xss16m",
                "-XX:AOTCache=" + jar.resolveSibling("rvsimt.aot"), "-Xlog:aot=off", "-Xlog:cds=off",
                "-cp", jar.toString(), "org.rvsimt.cli.Main");
    }

    @Test
    void aCacheOlderThanTheJarOrHostSimdMeansNoCache() throws Exception {
        Path jar = jarWithCache(false, true);
        Files.setLastModifiedTime(jar.resolveSibling("rvsimt.aot"), FileTime.fromMillis(500_000));
        assertThat(FirstLaunch.childStart(jar.toString(), "/the/jdk", BENCH_OPTIONS, null).command())
                .noneMatch(a -> a.startsWith("-XX:AOTCache")).doesNotContain(MODULE);

        Files.setLastModifiedTime(jar.resolveSibling("rvsimt.aot"), FileTime.fromMillis(2_000_000));
        assertThat(FirstLaunch.childStart(jar.toString(), "/the/jdk", BENCH_OPTIONS, "on").command())
                .as("host SIMD on: the module stays, and the cache cannot be used with it")
                .contains(MODULE).noneMatch(a -> a.startsWith("-XX:AOTCache"));
    }

    @Test
    void aClassPathOfDirectoriesGetsNoLauncherAndNoCache() {
        String cp = root.resolve("classes") + java.io.File.pathSeparator + root.resolve("lib.jar");
        FirstLaunch.ChildStart start = FirstLaunch.childStart(cp, "/the/jdk", List.of(MODULE), null);
        assertThat(start.command()).containsExactly("/the/jdk/bin/java", "-cp", cp, "org.rvsimt.cli.Main");
    }

    @Test
    void firstLaunchesRunTheThreadCountsAskedForElseAllCores() {
        // bench --threads 1 measured its first launches at all cores ("x2" on a 2-core machine).
        assertThat(BenchRunner.Plan.firstLaunchThreads(List.of(1), true, 8)).containsExactly(1);
        assertThat(BenchRunner.Plan.firstLaunchThreads(List.of(1, 8), true, 8)).containsExactly(1, 8);
        assertThat(BenchRunner.Plan.firstLaunchThreads(List.of(1, 8), false, 8)).containsExactly(8);
    }
}
