// Java test code: the tutor's snippets of statements that call the student's classes ("Rectangle r = new Rectangle(3, 4);
// System.out.println(r.area());"). All the snippets of a submission go into one generated class, compiled once with the
// student's files; each test then runs in a JVM of its own as `java TutorTestHarness_ <index>`, so the student's own main
// never runs for such a test. Each snippet is the body of a method of its own, so snippets may declare the same names;
// the lines at the top of a snippet that start with `import ` go to the top of the generated file.
import type { GradingTest } from '../../contract';

/** The generated class: a name no student or tutor writes by chance (one who does gets javac's duplicate-class error). */
export const HARNESS_CLASS = 'TutorTestHarness_';
export const HARNESS_FILE = `${HARNESS_CLASS}.java`;

export const hasTestCode = (test: GradingTest): boolean => !!test.code && test.code.trim() !== '';

/** A snippet's leading `import …;` lines, and its body with those lines left blank so that its line numbers hold. */
export function splitImports(code: string): { imports: string[]; body: string[] } {
  const lines = code.split('\n');
  const imports: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!.trim();
    if (text === '' || text.startsWith('//')) continue;
    if (!/^import\s+(?:static\s+)?[\w.]+(?:\.\*)?\s*;$/.test(text)) break;
    imports.push(text);
    lines[i] = '';
  }
  return { imports, body: lines };
}

export type Harness = {
  fileName: string;
  /** The class to run, with the student's package if their main file declares one. */
  className: string;
  source: string;
  /** The argument that runs a test (its index among the grading's tests). */
  argumentOf: (test: GradingTest) => string | undefined;
  /** "test 3, line 2" for a line of the generated file that belongs to a test's code; null for the scaffolding. */
  locate: (line: number) => string | null;
};

/**
 * The generated class for the tests that carry code. It lives in the package of the student's main file, so that
 * package-private classes are reachable. Every name of the JDK it uses is qualified, in case the student's code declares
 * a class called String.
 */
export function buildHarness(tests: GradingTest[], pkg?: string): Harness {
  const withCode = tests.map((test, index) => ({ test, index })).filter(({ test }) => hasTestCode(test));
  const out: string[] = [];
  const origin: ({ testId: string; line: number } | null)[] = [];
  const push = (text: string, from: { testId: string; line: number } | null = null) => {
    out.push(text);
    origin.push(from);
  };
  if (pkg) push(`package ${pkg};`);
  const imported = new Set<string>();
  const bodies = withCode.map(({ test, index }) => {
    const { imports, body } = splitImports(test.code!);
    const lines = test.code!.split('\n');
    for (const line of imports) {
      if (imported.has(line)) continue;
      imported.add(line);
      push(line, { testId: test.id, line: lines.findIndex((l) => l.trim() === line) + 1 });
    }
    return { test, index, body };
  });
  push(`public final class ${HARNESS_CLASS} {`);
  push('  public static void main(java.lang.String[] args) throws java.lang.Throwable {');
  push('    switch (args[0]) {');
  for (const { index } of bodies) push(`      case "${index}": test${index}(); break;`);
  push('      default: throw new java.lang.IllegalArgumentException(args[0]);');
  push('    }');
  push('  }');
  for (const { test, index, body } of bodies) {
    push(`  private static void test${index}() throws java.lang.Throwable {`);
    body.forEach((text, i) => push(text, { testId: test.id, line: i + 1 }));
    push('  }');
  }
  push('}');
  const indexOf = new Map(withCode.map(({ test, index }) => [test, String(index)]));
  return {
    fileName: HARNESS_FILE,
    className: pkg ? `${pkg}.${HARNESS_CLASS}` : HARNESS_CLASS,
    source: out.join('\n') + '\n',
    argumentOf: (test) => indexOf.get(test),
    locate: (line) => {
      const from = origin[line - 1];
      return from ? `test ${from.testId}, line ${from.line}` : null;
    },
  };
}
