// The Java side of JUnit grading: a small launcher over the JUnit Platform's Launcher API, compiled once per process
// against Debian's junit-platform-console-standalone jar and copied into each submission's work folder after the
// student's code is compiled (so that no class of the student's can take its name). Compared with the console launcher it
// starts in about two thirds of the time (no command-line parsing, no engine discovery through the service loader: only
// Jupiter is registered), it reports each test the moment it ends (a time limit still leaves the tests that finished),
// it knows each test's tags, and it stops a test that runs past its time limit.
//
// It writes one line per event to the real standard output, each starting with a key it reads from its standard input
// before any class of the student's is loaded (a test's own printing is captured, so a student cannot write a line that
// reads as a result without that key). Every field after the key and the event's letter is Base64 of UTF-8:
//   T uniqueId className methodName parameterTypes displayName tags(comma-separated) parentDisplayName parentIsMethod(1/0)
//                                                        a test of the plan, or one registered while running
//   S uniqueId                                           a test started
//   F uniqueId status(SUCCESSFUL|FAILED|ABORTED) throwableType message where(File.java:line) ms stdout stderr kind
//                                                        a test or a failed container ended; kind is assertion, output or ""
//   K uniqueId reason                                    a test or container was skipped (@Disabled)
//   L uniqueId                                           the test (or container) ran out of time; the JVM halts
//   E                                                    the run is over
// args: the test class, the time limit of one test in ms, the bytes of output a test may print, the bytes of it kept.

export const RUNNER_CLASS = 'TutorJUnitRunner_';

export const RUNNER_SOURCE = String.raw`import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.engine.JupiterTestEngine;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

public final class TutorJUnitRunner_ {
  private TutorJUnitRunner_() {}

  /** Thrown into a test that prints more than it may. */
  static final class OutputLimit extends Error {
    OutputLimit() { super("output limit", null, false, false); }
  }

  /** What a test prints: the first keep bytes are kept, and past limit bytes the test is stopped. */
  static final class Capture extends OutputStream {
    private final int keep;
    private final long limit;
    private ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private long total;
    Capture(int keep, long limit) { this.keep = keep; this.limit = limit; }
    @Override public synchronized void write(int b) { write(new byte[] { (byte) b }, 0, 1); }
    @Override public synchronized void write(byte[] b, int off, int len) {
      total += len;
      int room = keep - buffer.size();
      if (room > 0) buffer.write(b, off, Math.min(room, len));
      if (limit >= 0 && total > limit) throw new OutputLimit();
    }
    synchronized String take() {
      String text = new String(buffer.toByteArray(), StandardCharsets.UTF_8);
      buffer = new ByteArrayOutputStream();
      total = 0;
      return text;
    }
  }

  static final class Report {
    private final PrintStream out;
    private final String key;
    Report(PrintStream out, String key) { this.out = out; this.key = key; }
    synchronized void emit(String kind, String... fields) {
      StringBuilder line = new StringBuilder(key).append(' ').append(kind);
      for (String field : fields)
        line.append(' ').append(Base64.getEncoder().encodeToString((field == null ? "" : field).getBytes(StandardCharsets.UTF_8)));
      out.print(line.append('\n'));
      out.flush();
    }
  }

  /** The node running now and since when; the watchdog ends the run when one takes longer than the limit. */
  static final class Clock {
    private long since = Long.MAX_VALUE;
    private String current = "";
    synchronized void start(String id) { since = System.nanoTime(); current = id; }
    synchronized void stop(String parent) {
      since = parent.isEmpty() ? Long.MAX_VALUE : System.nanoTime();
      current = parent;
    }
    synchronized long elapsedMillis() { return since == Long.MAX_VALUE ? 0 : (System.nanoTime() - since) / 1_000_000L; }
    synchronized String overdue(long limitNanos) {
      return since != Long.MAX_VALUE && System.nanoTime() - since > limitNanos ? current : null;
    }
  }

  public static void main(String[] args) throws Exception {
    String className = args[0];
    long limitNanos = Long.parseLong(args[1]) * 1_000_000L;
    long outputLimit = Long.parseLong(args[2]);
    int keep = Integer.parseInt(args[3]);
    String key = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
    System.setIn(new ByteArrayInputStream(new byte[0]));
    Report report = new Report(new PrintStream(new FileOutputStream(FileDescriptor.out), false, "UTF-8"), key);
    Capture out = new Capture(keep, outputLimit);
    Capture err = new Capture(8192, -1);
    System.setOut(new PrintStream(out, true, "UTF-8"));
    System.setErr(new PrintStream(err, true, "UTF-8"));

    Clock clock = new Clock();
    Thread watchdog = new Thread(() -> {
      while (true) {
        try {
          Thread.sleep(10);
        } catch (InterruptedException e) {
          return;
        }
        String overdue = clock.overdue(limitNanos);
        if (overdue != null) {
          report.emit("L", overdue);
          Runtime.getRuntime().halt(0);
        }
      }
    }, "tutor-junit-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();

    TestExecutionListener listener = new TestExecutionListener() {
      private TestPlan plan;

      private void announce(TestIdentifier id) {
        if (!id.isTest()) return;
        String method = "", parameters = "", owner = "", parentName = "", parentIsMethod = "0";
        if (id.getSource().orElse(null) instanceof MethodSource) {
          MethodSource source = (MethodSource) id.getSource().get();
          method = source.getMethodName();
          parameters = source.getMethodParameterTypes();
          owner = source.getClassName();
        }
        TestIdentifier parent = plan == null ? null : id.getParentId().map(plan::getTestIdentifier).orElse(null);
        if (parent != null) {
          parentName = parent.getDisplayName();
          if (parent.getSource().orElse(null) instanceof MethodSource) parentIsMethod = "1";
        }
        StringBuilder tags = new StringBuilder();
        for (TestTag tag : id.getTags()) tags.append(tags.length() > 0 ? "," : "").append(tag.getName());
        report.emit("T", id.getUniqueId(), owner, method, parameters, id.getDisplayName(), tags.toString(), parentName, parentIsMethod);
      }

      @Override public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
        for (TestIdentifier root : testPlan.getRoots()) for (TestIdentifier id : testPlan.getDescendants(root)) announce(id);
      }

      @Override public void dynamicTestRegistered(TestIdentifier id) { announce(id); }

      @Override public void executionStarted(TestIdentifier id) {
        if (id.isTest()) {
          out.take();
          err.take();
          report.emit("S", id.getUniqueId());
        }
        clock.start(id.getUniqueId());
      }

      @Override public void executionSkipped(TestIdentifier id, String reason) { report.emit("K", id.getUniqueId(), reason); }

      @Override public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        long took = clock.elapsedMillis();
        String parent = id.getParentId().orElse("");
        clock.stop(parent);
        Throwable thrown = result.getThrowable().orElse(null);
        if (thrown instanceof ExceptionInInitializerError && thrown.getCause() != null) thrown = thrown.getCause();
        String type = "", message = "", where = "", kind = "";
        if (thrown != null) {
          type = thrown.getClass().getName();
          message = thrown.getMessage() == null ? "" : thrown.getMessage();
          if (thrown instanceof OutputLimit) kind = "output";
          else if (thrown instanceof AssertionError) kind = "assertion";
          for (StackTraceElement frame : thrown.getStackTrace()) {
            String c = frame.getClassName();
            if (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.") || c.startsWith("org.junit.")
                || c.startsWith("org.opentest4j.") || c.startsWith("TutorJUnitRunner_")) continue;
            if (frame.getFileName() != null && frame.getLineNumber() > 0) {
              where = frame.getFileName() + ":" + frame.getLineNumber();
              break;
            }
          }
        }
        if (!id.isTest() && result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) return;
        String stdout = id.isTest() ? out.take() : "";
        String stderr = id.isTest() ? err.take() : "";
        report.emit("F", id.getUniqueId(), result.getStatus().name(), type, message, where, String.valueOf(took), stdout, stderr, kind);
      }
    };
    Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
        .enableTestEngineAutoRegistration(false)
        .enableLauncherSessionListenerAutoRegistration(false)
        .enableLauncherDiscoveryListenerAutoRegistration(false)
        .enablePostDiscoveryFilterAutoRegistration(false)
        .enableTestExecutionListenerAutoRegistration(false)
        .addTestEngines(new JupiterTestEngine())
        .build());
    launcher.execute(LauncherDiscoveryRequestBuilder.request()
        .selectors(DiscoverySelectors.selectClass(className))
        .enableImplicitConfigurationParameters(false)
        .build(), listener);
    report.emit("E");
    Runtime.getRuntime().halt(0);
  }
}
`;
