import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * portcheck mutate's batch compiler: one JVM compiles many mutants, each into its own folder.
 * Reads lines "OUTDIR<TAB>SOURCE" on stdin; for each, runs javac with the options that follow
 * on the command line and prints one line: "0" (compiled) or "1 " and javac's first line.
 */
public class MutantJavac {
    public static void main(String[] options) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] words = line.split("\t");
            String[] args = new String[options.length + 3];
            System.arraycopy(options, 0, args, 0, options.length);
            args[options.length] = "-d";
            args[options.length + 1] = words[0];
            args[options.length + 2] = words[1];
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            int status = javac.run(null, said, said, args);
            String first = said.toString(StandardCharsets.UTF_8).split("\n", 2)[0];
            System.out.println(status == 0 ? "0" : "1 " + first);
        }
    }
}
