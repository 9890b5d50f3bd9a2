import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Build step (rvsimt-cli/pom.xml, package phase, after the shade and before the AOT cache's training
 * run): rewrites the classes under one package of the shaded jar that are older than class-file
 * version 50 as version 52, with the stack maps the newer format requires.
 *
 * <p>Why: picocli ships Java 5 class files. The JDK's AOT cache cannot store an old class once it
 * has been linked (the old verifier leaves no constraints to record), so every start loaded,
 * parsed and verified its ~150 picocli classes from the jar, about a quarter of a small
 * {@code rvsimt run}'s CPU. Rewritten, they come from the cache, already parsed and linked. The
 * bytecode is unchanged: only the version and the StackMapTable attributes (computed by the JDK's
 * class-file API) differ, and the new verifier checks them at the training run like any class.
 *
 * <p>Usage: {@code java ClassVersionUpgrade.java JAR PACKAGE-DIR} (e.g. {@code picocli}); prints how
 * many classes it rewrote (none when run again on a rewritten jar); exits 1 when the package has no
 * classes in the jar (a renamed dependency: this step would silently do nothing).
 */
public final class ClassVersionUpgrade {
    private static final int FIRST_WITH_STACK_MAPS = ClassFile.JAVA_6_VERSION;

    public static void main(String[] args) throws IOException {
        Path jar = Path.of(args[0]);
        String packageDir = args[1];
        int rewritten = 0;
        int found;
        try (URLClassLoader jarClasses = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
             FileSystem zip = FileSystems.newFileSystem(jar)) {
            // Stack maps name the common supertype of merged values: resolved from the JDK, then the jar.
            ClassFile classFile = ClassFile.of(
                    ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.defaultResolver()
                            .orElse(ClassHierarchyResolver.ofResourceParsing(jarClasses))),
                    ClassFile.StackMapsOption.GENERATE_STACK_MAPS);
            // Rebuilding every method body makes the class-file API compute its stack map.
            ClassTransform upgrade = ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL)
                    .andThen((builder, element) -> {
                        if (element instanceof ClassFileVersion) {
                            builder.withVersion(ClassFile.JAVA_8_VERSION, 0);
                        } else {
                            builder.with(element);
                        }
                    });
            Path root = zip.getPath("/" + packageDir);
            List<Path> classes = List.of();
            if (Files.isDirectory(root)) {
                try (Stream<Path> files = Files.walk(root)) {
                    classes = files.filter(p -> p.toString().endsWith(".class")).toList();
                }
            }
            found = classes.size();
            for (Path c : classes) {
                ClassModel model = classFile.parse(Files.readAllBytes(c));
                if (model.majorVersion() < FIRST_WITH_STACK_MAPS) {
                    Files.write(c, classFile.transformClass(model, upgrade));
                    rewritten++;
                }
            }
        }
        System.out.println("ClassVersionUpgrade: " + rewritten + " classes under " + packageDir + "/ in " + jar.getFileName()
                + " now class-file version " + ClassFile.JAVA_8_VERSION);
        if (found == 0) {
            System.err.println("ClassVersionUpgrade: no classes under " + packageDir + "/ in " + jar);
            System.exit(1);
        }
    }
}
