import { afterAll, describe, expect, it } from 'vitest';
import type { GradingFile, GradingResult, GradingSpec, GradingTest } from '../../contract';
import { createGrader, languageSupport } from '../../dispatch';
import { LIMITS, test } from '../../test-helpers';
import { presentJavacOutput } from './java-jdk';
import { buildHarness, splitImports } from './java-test-code';

const support = await languageSupport();
// Java needs a JDK, bubblewrap and root (grade-java.test.ts checks what a machine without them says).
const describeJava = support.java.ok ? describe : describe.skip;

const grader = createGrader({ sandboxSlot: 21 });
afterAll(() => grader.close());

/** The student's class; its main must never run for a test with code. */
const RECTANGLE = `public class Rectangle {
  private final int width, height;
  public Rectangle(int width, int height) { this.width = width; this.height = height; }
  public int area() { return width * height; }
  public int perimeter() { return 2 * (width + height); }
  public static void main(String[] args) { System.out.println("MAIN RAN"); System.exit(7); }
}
`;

const codeTest = (id: string, code: string, expectedOutput: string, extra: Partial<GradingTest> = {}) =>
  test('', expectedOutput, { id, code, ...extra });

function javaSpec(code: string, tests: GradingTest[], more: { files?: GradingFile[]; studentFiles?: GradingFile[] } = {}): GradingSpec {
  return { language: 'java', code, tests, limits: LIMITS, ...more };
}

function graded(result: GradingResult) {
  if (result.kind !== 'graded') throw new Error(`expected a graded result, got ${JSON.stringify(result)}`);
  return result.tests;
}

describe('Java test code: the generated harness', () => {
  it('hoists a snippet’s leading imports and keeps its line numbers', () => {
    expect(splitImports('import java.util.*;\nimport static java.lang.Math.max;\n\nList<Integer> a = List.of(1);\nimport x;')).toEqual({
      imports: ['import java.util.*;', 'import static java.lang.Math.max;'],
      body: ['', '', '', 'List<Integer> a = List.of(1);', 'import x;'],
    });
  });

  it('puts each snippet in a method of its own, in the student’s package, and says which test a line belongs to', () => {
    const tests = [
      test('', '1', { id: '1', code: 'int a = 1;\nSystem.out.println(a);' }),
      test('5', '5', { id: '2' }),
      test('', '2', { id: '3', code: 'import java.util.List;\nint a = 2;' }),
    ];
    const harness = buildHarness(tests, 'shapes');
    expect(harness.className).toBe('shapes.TutorTestHarness_');
    expect(harness.source).toMatch(/^package shapes;\nimport java.util.List;\n/);
    expect(harness.source).toContain('case "0": test0(); break;');
    expect(harness.source).toContain('case "2": test2(); break;');
    expect(harness.source).not.toContain('test1()');
    expect(harness.argumentOf(tests[0]!)).toBe('0');
    expect(harness.argumentOf(tests[1]!)).toBeUndefined();
    const lines = harness.source.split('\n');
    const at = (text: string) => lines.findIndex((l) => l === text) + 1;
    expect(harness.locate(at('System.out.println(a);'))).toBe('test 1, line 2');
    expect(harness.locate(at('int a = 2;'))).toBe('test 3, line 2');
    expect(harness.locate(at('import java.util.List;'))).toBe('test 3, line 1');
    expect(harness.locate(1)).toBeNull();
  });

  it('shows javac’s errors in files not the student’s without their source line', () => {
    const output = [
      'Rectangle.java:3: error: missing return statement',
      '  }',
      '  ^',
      'TutorTestHarness_.java:9: error: cannot find symbol',
      '    System.out.println(secretHiddenCall(r));',
      '                       ^',
      '  symbol:   method secretHiddenCall(Rectangle)',
      '  location: class TutorTestHarness_',
      'RectangleTest.java:4: error: cannot find symbol',
      '    assertEquals(12, r.hiddenArea());',
      '                      ^',
      '3 errors',
    ].join('\n');
    const shown = presentJavacOutput(output, new Set(['Rectangle.java']), (file, line) =>
      file === 'TutorTestHarness_.java' ? `test 4, line ${line - 7}` : null,
    );
    expect(shown).toBe(
      [
        'Rectangle.java:3: error: missing return statement',
        '  }',
        '  ^',
        'test 4, line 2: error: cannot find symbol',
        '  symbol:   method secretHiddenCall(Rectangle)',
        '  location: class TutorTestHarness_',
        'RectangleTest.java:4: error: cannot find symbol',
        '3 errors',
      ].join('\n'),
    );
  });
});

describeJava('Java test code', () => {
  it('runs each test’s code instead of the student’s main, compares its output, and lets snippets reuse names', async () => {
    const tests = graded(
      await grader.grade(
        javaSpec(RECTANGLE, [
          codeTest('1', 'Rectangle r = new Rectangle(3, 4);\nSystem.out.println(r.area());', '12'),
          codeTest('2', 'Rectangle r = new Rectangle(3, 4);\nSystem.out.println(r.perimeter());', '15'),
          codeTest(
            '3',
            'import java.util.List;\nimport java.util.stream.Collectors;\nRectangle r = new Rectangle(1, 2);\nSystem.out.println(List.of(r.area(), r.perimeter()).stream().map(String::valueOf).collect(Collectors.joining(",")));',
            '2,6',
          ),
          codeTest('4', 'Rectangle r = null;\nSystem.out.println(r.area());', ''),
          codeTest(
            '5',
            'java.util.Scanner in = new java.util.Scanner(System.in);\nSystem.out.println(new Rectangle(in.nextInt(), in.nextInt()).area());',
            '35',
            { input: '5 7' },
          ),
        ]),
      ),
    );
    expect(tests.map((t) => [t.testId, t.status, t.passed, t.stdout])).toEqual([
      ['1', 'ok', true, '12\n'],
      ['2', 'ok', false, '14\n'],
      ['3', 'ok', true, '2,6\n'],
      ['4', 'runtime_error', false, ''],
      ['5', 'ok', true, '35\n'],
    ]);
    expect(tests[1]!.message).toBe('Your output differs from the expected output at line 1, column 2.');
    expect(tests[3]!.message).toMatch(/^Your program crashed: it threw java\.lang\.NullPointerException/);
    for (const t of tests) expect(t.stdout + t.stderr).not.toContain('MAIN RAN');
  });

  it('still runs the student’s main for a test without code beside tests with code', async () => {
    const sum = `import java.util.Scanner;
public class Sum {
  static int add(int a, int b) { return a + b; }
  public static void main(String[] args) { Scanner in = new Scanner(System.in); System.out.println(add(in.nextInt(), in.nextInt())); }
}
`;
    const tests = graded(
      await grader.grade(javaSpec(sum, [test('2 3', '5', { id: '1' }), codeTest('2', 'System.out.println(Sum.add(40, 2));', '42')])),
    );
    expect(tests.map((t) => [t.testId, t.passed, t.stdout])).toEqual([
      ['1', true, '5\n'],
      ['2', true, '42\n'],
    ]);
  });

  it('reports a compile error in the student’s code with its line, as without test code', async () => {
    const broken = RECTANGLE.replace('return width * height;', 'return width * height');
    const result = await grader.grade(javaSpec(broken, [codeTest('1', 'System.out.println(new Rectangle(3, 4).area());', '12')]));
    expect(result.kind).toBe('compile_error');
    if (result.kind !== 'compile_error') return;
    expect(result.diagnostics[0]).toMatchObject({ line: 4, severity: 'error', message: "';' expected" });
    expect(result.output).toContain('Rectangle.java:4: error');
    expect(result.output).toContain('return width * height');
  });

  it('reports a compile error in the tutor’s test code, by test and line, without quoting the test’s code', async () => {
    const result = await grader.grade(
      javaSpec(RECTANGLE, [
        codeTest('1', 'System.out.println(new Rectangle(3, 4).area());', '12'),
        codeTest('2', 'Rectangle r = new Rectangle(3, 4);\nSystem.out.println(r.volumeOfTheHiddenTest());', '12'),
      ]),
    );
    expect(result.kind).toBe('compile_error');
    if (result.kind !== 'compile_error') return;
    expect(result.output).toContain('test 2, line 2: error: cannot find symbol');
    expect(result.output).toContain('symbol:   method volumeOfTheHiddenTest()');
    expect(result.output).not.toContain('System.out.println(r.volumeOfTheHiddenTest());');
    expect(result.output).not.toContain('TutorTestHarness_.java:');
    expect(result.diagnostics).toEqual([]);
  });

  it('compiles several classes of the student’s with the tutor’s read-only class, reads a data file at run time, and cannot read the tutor’s sources', async () => {
    const shape = {
      name: 'Shape.java',
      content: 'public interface Shape {\n  int area();\n  default String describe() { return Units.label(area()); }\n}\n',
    };
    const square = {
      name: 'Square.java',
      content:
        'public class Square implements Shape {\n  private final int side;\n  public Square(int side) { this.side = side; }\n  public int area() { return side * side; }\n}\n',
    };
    const units = {
      name: 'Units.java',
      content: 'public final class Units {\n  public static String label(int n) { return n + " cm2"; }\n}\n',
    };
    const data = { name: 'sizes.txt', content: '3 4\n5 6\n' };
    const main =
      'public class Rectangle implements Shape {\n  private final int w, h;\n  public Rectangle(int w, int h) { this.w = w; this.h = h; }\n  public int area() { return w * h; }\n}\n';
    const tests = graded(
      await grader.grade(
        javaSpec(
          main,
          [
            codeTest('1', 'Shape s = new Square(3);\nSystem.out.println(s.describe());', '9 cm2'),
            codeTest(
              '2',
              'import java.nio.file.*;\nfor (String line : Files.readAllLines(Path.of("sizes.txt"))) {\n  String[] p = line.split(" ");\n  System.out.println(new Rectangle(Integer.parseInt(p[0]), Integer.parseInt(p[1])).describe());\n}',
              '12 cm2\n30 cm2',
            ),
            codeTest(
              '3',
              'for (String f : new String[] { "Units.java", "TutorTestHarness_.java", "Shape.java", "Units.class" })\n  System.out.println(f + ":" + java.nio.file.Files.exists(java.nio.file.Path.of(f)));',
              'Units.java:false\nTutorTestHarness_.java:false\nShape.java:true\nUnits.class:true',
            ),
          ],
          { files: [units, data], studentFiles: [shape, square] },
        ),
      ),
    );
    expect(tests.map((t) => [t.testId, t.passed, t.stdout])).toEqual([
      ['1', true, '9 cm2\n'],
      ['2', true, '12 cm2\n30 cm2\n'],
      ['3', true, 'Units.java:false\nTutorTestHarness_.java:false\nShape.java:true\nUnits.class:true\n'],
    ]);
  });

  it('names the student’s other file in a compile error there, its diagnostics carrying the file (its editor tab)', async () => {
    const square = { name: 'Square.java', content: 'public class Square {\n  int side\n}\n' };
    const result = await grader.grade(
      javaSpec(RECTANGLE, [codeTest('1', 'System.out.println(new Rectangle(1, 1).area());', '1')], { studentFiles: [square] }),
    );
    expect(result.kind).toBe('compile_error');
    if (result.kind !== 'compile_error') return;
    expect(result.output).toContain('Square.java:2: error');
    expect(result.output).toContain('  int side');
    expect(result.diagnostics).toEqual([expect.objectContaining({ file: 'Square.java', line: 2, severity: 'error' })]);
  });

  it('never lets a file of the student’s replace one of the tutor’s', async () => {
    const result = await grader.grade(
      javaSpec(RECTANGLE, [codeTest('1', 'System.out.println(Units.label(1));', '1 cm2')], {
        files: [{ name: 'Units.java', content: 'public final class Units { public static String label(int n) { return n + " cm2"; } }' }],
        studentFiles: [
          { name: 'Units.java', content: 'public final class Units { public static String label(int n) { return "forged"; } }' },
        ],
      }),
    );
    expect(result).toMatchObject({
      kind: 'compile_error',
      output: expect.stringContaining('Units.java: the exercise has a file of this name'),
    });
    const traversal = await grader.grade(
      javaSpec(RECTANGLE, [codeTest('1', 'System.out.println(1);', '1')], {
        studentFiles: [{ name: '../Evil.java', content: 'class Evil {}' }],
      }),
    );
    expect(traversal.kind).toBe('compile_error');
  });
});
