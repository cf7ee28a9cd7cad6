// The escape tries in Java: `Escape TRY VALUE` (tests/helpers/escapes.py).
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class Escape {
    public static void main(String[] args) throws Exception {
        String try_ = args[0], value = args.length > 1 ? args[1] : "";
        try {
            switch (try_) {
                case "write" -> Files.writeString(Path.of(value), "x\n",
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                case "read" -> System.out.println(Files.readString(Path.of(value)));
                case "connect" -> new Socket("127.0.0.1", Integer.parseInt(value)).close();
                case "daemon" -> new ProcessBuilder("setsid", "-f", "sleep", value)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start().waitFor();
                case "fork" -> {
                    while (true) new ProcessBuilder("sleep", value).start();
                }
                case "allocate" -> {
                    List<byte[]> kept = new ArrayList<>();
                    for (int i = 0; i < 8; i++) {
                        byte[] block = new byte[1 << 30];
                        Arrays.fill(block, (byte) 1);
                        kept.add(block);
                    }
                }
                case "disk" -> {
                    byte[] block = new byte[1 << 20];
                    for (long n = 0; ; n++) {
                        try (var out = Files.newOutputStream(Path.of(value + n + ".bin"))) {
                            for (int i = 0; i < 16; i++) out.write(block);
                        }
                    }
                }
                case "sleep" -> Thread.sleep(Long.MAX_VALUE);
                case "print" -> {
                    while (true) System.out.println("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
                }
                default -> throw new IllegalArgumentException(try_);
            }
        } catch (IOException e) {
            System.out.println("ERR " + e);
            System.exit(1);
        }
        System.out.println("done");
    }
}
