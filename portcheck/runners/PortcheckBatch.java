// portcheck's Java batch launcher (portcheck/runners/java_batch.py): one JVM that compiles
// many sources one after another (mode "javac"), or runs many ports' main methods one after
// another (mode "run"), each in a class loader of its own, with System.in/out/err of its own.
//
// It vouches only for what it can vouch for: a job whose main returned normally, that left
// no thread of any kind running (in any thread group, daemon or not: every thread alive
// after the job that was not alive before it), that did not try to exit, printed no more
// than its limit and was written to by no other thread, gets the status "ok"; any other
// job gets "fallback" and portcheck runs it alone the ordinary way (a fresh JVM), so it
// fails with exactly the message it always had.  A job that outlives its time limit, or
// leaves a thread behind, ends the batch (a Java thread cannot be stopped safely); the jobs
// not done then are run alone too.  Nothing is written to the real stdout: a port that
// writes there (FileDescriptor.out) makes portcheck distrust the whole batch.
//
// A job's output cannot reach another's: its streams accept bytes only from the threads of
// that job (its main thread and those it started, marked by an inheritable thread-local);
// a write from any other thread (one a finished job left, a JVM thread running a port's
// finalizer) is dropped and makes the running job's result untrusted.  The JVM-wide
// defaults a port may change (system properties, locale, time zone) are restored after
// each job.
//
// Job file: the mode on the first line, then one job per block of lines (see java_batch.py).

import java.io.*;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

public class PortcheckBatch {
    static final Thread LAUNCHER = Thread.currentThread();
    static volatile boolean exitTried;

    /** Thrown into a port that printed more than its limit, to unwind it. */
    static final class OutputLimit extends Error {
        OutputLimit() { super("output limit", null, false, false); }
    }

    /** The job a thread belongs to: set on a job's main thread, inherited by the threads
     *  it starts; null on every thread no job started. */
    static final InheritableThreadLocal<Job> JOB = new InheritableThreadLocal<>();

    /** One run of the batch, as its threads know it. */
    static final class Job {
        volatile boolean strayWrite;  // another thread wrote to this job's streams
    }

    /** An in-memory stream of one job that refuses to grow beyond its limit and takes
     *  bytes only from the job's own threads. */
    static final class Bounded extends OutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final long limit;
        final Job owner;
        volatile boolean overflowed;
        Bounded(long limit, Job owner) { this.limit = limit; this.owner = owner; }
        @Override public synchronized void write(int b) { write(new byte[] {(byte) b}, 0, 1); }
        @Override public synchronized void write(byte[] b, int off, int len) {
            if (JOB.get() != owner) { owner.strayWrite = true; return; }
            if (bytes.size() + (long) len > limit) { overflowed = true; throw new OutputLimit(); }
            bytes.write(b, off, len);
        }
    }

    /** Exits by a port are refused (and remembered); the launcher itself may exit. */
    static final class NoExit extends SecurityManager {
        @Override public void checkExit(int status) {
            if (Thread.currentThread() != LAUNCHER) {
                exitTried = true;
                throw new SecurityException("portcheck batch: exit refused");
            }
        }
        @Override public void checkPermission(java.security.Permission perm) { }
        @Override public void checkPermission(java.security.Permission perm, Object context) { }
    }

    public static void main(String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8);
        Iterator<String> it = lines.iterator();
        String mode = it.next();
        if (mode.equals("javac")) {
            while (it.hasNext()) compile(it);
            return;
        }
        try {
            System.setSecurityManager(new NoExit());
        } catch (UnsupportedOperationException gone) {  // a JDK without it: no batch at all
            return;
        }
        PrintStream realOut = System.out, realErr = System.err;
        InputStream realIn = System.in;
        Properties properties = (Properties) System.getProperties().clone();
        Locale locale = Locale.getDefault();
        Locale display = Locale.getDefault(Locale.Category.DISPLAY);
        Locale format = Locale.getDefault(Locale.Category.FORMAT);
        TimeZone zone = TimeZone.getDefault();
        while (it.hasNext()) {
            boolean finished = run(it);
            System.setOut(realOut);
            System.setErr(realErr);
            System.setIn(realIn);
            if (!finished) Runtime.getRuntime().halt(3);
            System.setProperties((Properties) properties.clone());
            Locale.setDefault(locale);
            Locale.setDefault(Locale.Category.DISPLAY, display);
            Locale.setDefault(Locale.Category.FORMAT, format);
            TimeZone.setDefault(zone);
        }
    }

    // javac: <source> <out dir>; writes <out dir>.status ("exit N") and <out dir>.log
    static void compile(Iterator<String> it) throws IOException {
        String source = it.next(), out = it.next();
        int count = Integer.parseInt(it.next());
        List<String> argv = new ArrayList<>();
        for (int i = 0; i < count; i++) argv.add(it.next());
        argv.add("-d");
        argv.add(out);
        argv.add(source);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int code = javax.tools.ToolProvider.getSystemJavaCompiler()
            .run(null, log, log, argv.toArray(new String[0]));
        Files.write(Paths.get(out + ".log"), log.toByteArray());
        Files.write(Paths.get(out + ".status"), ("exit " + code).getBytes(StandardCharsets.UTF_8));
    }

    // run: <class dir> <class> <stdin file> <result prefix> <timeout ms> <max bytes> <n> <args…>
    // writes <prefix>.out, <prefix>.err and, last, <prefix>.status; false: the batch must end
    static boolean run(Iterator<String> it) throws Exception {
        String classDir = it.next(), className = it.next(), stdin = it.next(), prefix = it.next();
        long timeoutMs = Long.parseLong(it.next()), limit = Long.parseLong(it.next());
        int count = Integer.parseInt(it.next());
        String[] portArgs = new String[count];
        for (int i = 0; i < count; i++) portArgs[i] = it.next();
        Job job = new Job();
        Bounded out = new Bounded(limit, job), err = new Bounded(limit, job);
        PrintStream jobOut = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream jobErr = new PrintStream(err, true, StandardCharsets.UTF_8);
        InputStream jobIn = new ByteArrayInputStream(Files.readAllBytes(Paths.get(stdin)));
        System.setOut(jobOut);
        System.setErr(jobErr);
        System.setIn(jobIn);
        exitTried = false;
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        long started = System.nanoTime(), deadline = started + timeoutMs * 1_000_000L;
        Throwable[] thrown = new Throwable[1];
        ThreadGroup group = new ThreadGroup("portcheck-job");
        URL[] where = {Paths.get(classDir).toUri().toURL()};
        try (URLClassLoader loader = new URLClassLoader(where, ClassLoader.getPlatformClassLoader())) {
            Thread main = new Thread(group, () -> {
                JOB.set(job);  // inherited by every thread the port starts from here
                try {
                    Class.forName(className, true, loader).getMethod("main", String[].class)
                        .invoke(null, (Object) portArgs);
                } catch (Throwable t) {
                    thrown[0] = t;
                }
            }, "main");
            main.setContextClassLoader(loader);
            main.start();
            if (!awaitGroup(group, deadline)) {
                status(prefix, "fallback time limit");
                return false;
            }
            if (liveThread(group, true) != null || leftThread(before, main) != null) {
                // a thread still running (in its group or any other, a daemon or not) could
                // act in the next job: this job is run alone, and so is every one after it
                status(prefix, "fallback thread left");
                return false;
            }
        }
        System.out.flush();
        System.err.flush();
        boolean replaced = System.out != jobOut || System.err != jobErr || System.in != jobIn;
        Files.write(Paths.get(prefix + ".out"), out.bytes.toByteArray());
        Files.write(Paths.get(prefix + ".err"), err.bytes.toByteArray());
        String why = exitTried ? "exit" : out.overflowed || err.overflowed ? "output limit"
            : thrown[0] != null ? "exception" : job.strayWrite ? "stray output"
            : replaced ? "streams replaced" : null;
        long micros = (System.nanoTime() - started) / 1000;
        status(prefix, why == null ? "ok " + micros : "fallback " + why);
        return true;
    }

    /** Waits until every non-daemon thread of the job has ended; false at the deadline. */
    static boolean awaitGroup(ThreadGroup group, long deadline) throws InterruptedException {
        while (true) {
            Thread live = liveThread(group, false);
            if (live == null) return true;
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) return false;
            live.join(Math.min(left, 50));
        }
    }

    /** A live thread that was not alive before the job (other than its finished main
     *  thread), in any thread group, daemon or not; or null. */
    static Thread leftThread(Set<Thread> before, Thread main) {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread != main && thread.isAlive() && !before.contains(thread)) return thread;
        }
        return null;
    }

    /** A live thread of the group (daemons too when asked), or null. */
    static Thread liveThread(ThreadGroup group, boolean daemons) {
        Thread[] threads = new Thread[group.activeCount() + 8];
        int n = group.enumerate(threads, true);
        for (int i = 0; i < n; i++) {
            if (threads[i].isAlive() && (daemons || !threads[i].isDaemon())) return threads[i];
        }
        return null;
    }

    static void status(String prefix, String text) throws IOException {
        Path tmp = Paths.get(prefix + ".status.tmp");
        Files.write(tmp, text.getBytes(StandardCharsets.UTF_8));
        Files.move(tmp, Paths.get(prefix + ".status"), StandardCopyOption.ATOMIC_MOVE);
    }
}
