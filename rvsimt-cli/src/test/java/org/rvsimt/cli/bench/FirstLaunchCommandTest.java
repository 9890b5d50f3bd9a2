package org.rvsimt.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A first-launch child is started as the launcher starts {@code rvsimt run}: when bench itself runs
 * with the Vector API module and the launcher names run's AOT cache ({@link FirstLaunch#RUN_AOT_CACHE}),
 * the child goes without the module and with that cache; otherwise it keeps this JVM's options.
 */
class FirstLaunchCommandTest {
    private static final String MODULE = "--add-modules=jdk.incubator.vector";

    @AfterEach
    void clear() {
        System.clearProperty(FirstLaunch.RUN_AOT_CACHE);
    }

    @Test
    void withoutTheLaunchersPropertyTheChildKeepsThisJvmsOptions() {
        // The tests' JVM has the module (the pom's argLine).
        assertThat(ManagementFactory.getRuntimeMXBean().getInputArguments()).contains(MODULE);
        List<String> cmd = FirstLaunch.javaCommand();
        assertThat(cmd).contains(MODULE).noneMatch(a -> a.startsWith("-XX:AOTCache"));
        assertThat(cmd.subList(cmd.size() - 3, cmd.size())).containsExactly("-cp", System.getProperty("java.class.path"),
                "org.rvsimt.cli.Main");
    }

    @Test
    void runsCacheReplacesTheModule() {
        System.setProperty(FirstLaunch.RUN_AOT_CACHE, "/some/where/rvsimt.aot");
        List<String> cmd = FirstLaunch.javaCommand();
        assertThat(cmd).doesNotContain(MODULE).contains("-XX:AOTCache=/some/where/rvsimt.aot", "-Xlog:aot=off", "-Xlog:cds=off");
    }

    @Test
    void anEmptyCacheNameMeansRunHasNeitherModuleNorCache() {
        System.setProperty(FirstLaunch.RUN_AOT_CACHE, "");
        List<String> cmd = FirstLaunch.javaCommand();
        assertThat(cmd).doesNotContain(MODULE).noneMatch(a -> a.startsWith("-XX:AOTCache"));
    }
}
