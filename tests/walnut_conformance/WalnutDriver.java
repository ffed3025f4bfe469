// Runs Walnut's integration cases one by one in the current directory (a scratch copy of Walnut's
// folder tree) and writes what each case produced, for tests/walnut_conformance/run.py:
//   OUT/caseI.txt      the result automaton (Walnut's format, or true/false)
//   OUT/caseI.error    the message of the exception it threw
//   OUT/caseI.mpl      the incidence matrices, OUT/caseI.details the detailed log (`::`)
//   OUT/times.tsv      I <tab> milliseconds of the case
// The input file holds records "S LENGTH\n" (a set-up command) or "C I LENGTH\n" (case I), each
// followed by LENGTH characters of command and a newline. Set-up commands go through
// Prover.dispatch and cases through Prover.dispatchForIntegrationTest, as Walnut's
// IntegrationTest does. Compiled together with Walnut's sources by scripts/build-walnut.sh; it
// lives in package Main because TestCase's fields are package-private.
package Main;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

public class WalnutDriver {
  private static void put(String path, String text) throws IOException {
    try (Writer w = new OutputStreamWriter(new FileOutputStream(path), StandardCharsets.UTF_8)) {
      w.write(text);
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: WalnutDriver RECORDS OUT_DIR");
      System.exit(2);
    }
    UtilityMethods.setPaths();
    String out = args[1] + "/";
    try (BufferedReader in = new BufferedReader(
             new InputStreamReader(new FileInputStream(args[0]), StandardCharsets.UTF_8));
         PrintWriter times = new PrintWriter(
             new OutputStreamWriter(new FileOutputStream(out + "times.tsv"), StandardCharsets.UTF_8))) {
      String header;
      while ((header = in.readLine()) != null) {
        if (header.isEmpty()) continue;
        String[] f = header.split(" ");
        int length = Integer.parseInt(f[f.length - 1]);
        char[] text = new char[length];
        int got = 0;
        while (got < length) {
          int r = in.read(text, got, length - got);
          if (r < 0) throw new IOException("truncated record: " + header);
          got += r;
        }
        in.readLine();  // the newline after the command
        String command = new String(text);
        if (f[0].equals("S")) {
          try {
            Prover.dispatch(command);
          } catch (Exception e) {
            System.err.println("set-up command failed: " + command + ": " + e.getMessage());
          }
          continue;
        }
        String stem = out + "case" + f[1];
        long before = System.nanoTime();
        try {
          TestCase t = Prover.dispatchForIntegrationTest(command);
          long ms = (System.nanoTime() - before) / 1000000;
          times.println(f[1] + "\t" + ms);
          if (t != null) {
            if (t.result != null) t.result.write(stem + ".txt");
            if (t.mpl != null && !t.mpl.isEmpty()) put(stem + ".mpl", t.mpl);
            if (t.details != null && !t.details.isEmpty()) put(stem + ".details", t.details);
          }
        } catch (Exception e) {
          times.println(f[1] + "\t" + (System.nanoTime() - before) / 1000000);
          put(stem + ".error", String.valueOf(e.getMessage()));
        } catch (Throwable e) {  // OutOfMemoryError, StackOverflowError: the case failed, go on
          times.println(f[1] + "\t" + (System.nanoTime() - before) / 1000000);
          put(stem + ".crash", e.toString());
        }
        times.flush();
      }
    }
    System.exit(0);
  }
}
