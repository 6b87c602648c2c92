import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { GradingLimits, GradingResult, GradingSpec, TestResult } from '../../contract';
import { createGrader, languageSupport } from '../../dispatch';
import { gradeJava } from './java-sandbox';
import { estimatedTestCount, findJUnitClass, identify, JUNIT_JAR } from './junit';

const support = await languageSupport();
// JUnit needs what Java needs (a JDK, bubblewrap, root) and Debian's junit5 package.
const describeJUnit = support.java.ok && fs.existsSync(JUNIT_JAR) ? describe : describe.skip;

const SLOT = 22;
const grader = createGrader({ sandboxSlot: SLOT });
afterAll(() => grader.close());

const LIMITS: GradingLimits = { timeMs: 2000, memoryMb: 128, outputKb: 64 };

const RECTANGLE = `public class Rectangle {
  private final int width, height;
  public Rectangle(int width, int height) { this.width = width; this.height = height; }
  public int area() { return width * height; }
  public int perimeter() { return 2 * (width + height); }
  public static void main(String[] args) { System.out.println("MAIN RAN"); }
}
`;

const RECTANGLE_TEST = `import org.junit.jupiter.api.*;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import static org.junit.jupiter.api.Assertions.*;

class RectangleTest {
  @Test
  @DisplayName("area of a 3 by 4 rectangle is 12")
  void area() {
    System.out.println("checking the area");
    assertEquals(12, new Rectangle(3, 4).area());
  }

  @Test
  void perimeter() {
    assertEquals(14, new Rectangle(3, 4).perimeter());
  }

  @Test
  @Tag("hidden")
  void squareArea() {
    assertEquals(25, new Rectangle(5, 5).area(), "a 5 by 5 square");
  }

  @ParameterizedTest
  @CsvSource({ "1, 1, 1", "2, 3, 6" })
  void areas(int w, int h, int area) {
    assertEquals(area, new Rectangle(w, h).area());
  }

  @Test
  @Disabled("not graded")
  void notGraded() {
    fail();
  }
}
`;

const junitSpec = (code: string, testClass: string, more: Partial<GradingSpec> = {}): GradingSpec => ({
  language: 'java',
  code,
  tests: [],
  limits: LIMITS,
  mode: 'junit',
  files: [{ name: 'RectangleTest.java', content: testClass }],
  ...more,
});

function graded(result: GradingResult): TestResult[] {
  if (result.kind !== 'graded') throw new Error(`expected a graded result, got ${JSON.stringify(result)}`);
  return result.tests;
}

const byId = (tests: TestResult[]) => Object.fromEntries(tests.map((t) => [t.testId, t]));

describe('JUnit: finding the class and naming its tests', () => {
  it('finds the JUnit class among the tutor’s files and estimates its tests', () => {
    const files = [
      { name: 'data.txt', content: 'import org.junit.x;' },
      { name: 'Helper.java', content: 'public class Helper {}' },
      { name: 'ShapesTest.java', content: 'package shapes;\nimport org.junit.jupiter.api.Test;\nclass ShapesTest { @Test void a() {} }' },
    ];
    expect(findJUnitClass(files)).toMatchObject({ className: 'shapes.ShapesTest', file: { name: 'ShapesTest.java' } });
    expect(findJUnitClass(files.slice(0, 2))).toBeNull();
    expect(estimatedTestCount(RECTANGLE_TEST)).toBe(4 + 10);
    expect(estimatedTestCount('@RepeatedTest(5) void a() {}\n// @Test')).toBe(5);
  });

  it('gives stable ids that carry the hidden tag, and readable names', () => {
    const announced = (over: Partial<Parameters<typeof identify>[0][number]>) => ({
      uniqueId: '[engine:junit-jupiter]/[class:T]/[method:a()]',
      className: 'T',
      method: 'a',
      parameters: '',
      displayName: 'a()',
      tags: [],
      parentName: '',
      parentIsMethod: false,
      ...over,
    });
    const ids = identify([
      announced({}),
      announced({
        displayName: 'adds two numbers',
        tags: ['hidden', 'slow'],
        method: 'b',
        uniqueId: '[engine:junit-jupiter]/[class:T]/[method:b()]',
      }),
      announced({
        method: 'c',
        parameters: 'int',
        displayName: '[2] 3',
        parentName: 'c(int)',
        parentIsMethod: true,
        uniqueId: '[engine:junit-jupiter]/[class:T]/[test-template:c(int)]/[test-template-invocation:#2]',
      }),
      announced({
        className: 'T$Inner',
        method: 'd',
        displayName: 'd()',
        uniqueId: '[engine:junit-jupiter]/[class:T]/[nested-class:Inner]/[method:d()]',
      }),
      announced({ method: 'a', parameters: 'int', displayName: 'a(int)', uniqueId: '[engine:junit-jupiter]/[class:T]/[method:a(int)]' }),
    ]);
    expect(ids.map(({ id, name }) => [id, name])).toEqual([
      ['junit:a', 'a'],
      ['junit:hidden:b', 'adds two numbers'],
      ['junit:c#2', 'c [2] 3'],
      ['junit:Inner.d', 'd'],
      ['junit:a(int)', 'a'],
    ]);
  });
});

describeJUnit('JUnit grading', () => {
  it('runs a passing class: every test by its display name, the hidden one by its id, without the student’s main', async () => {
    const tests = graded(await grader.grade(junitSpec(RECTANGLE, RECTANGLE_TEST)));
    expect(tests.map((t) => [t.testId, t.name, t.status, t.passed]).sort()).toEqual(
      [
        ['junit:area', 'area of a 3 by 4 rectangle is 12', 'ok', true],
        ['junit:perimeter', 'perimeter', 'ok', true],
        ['junit:hidden:squareArea', 'squareArea', 'ok', true],
        ['junit:areas#1', 'areas [1] 1, 1, 1', 'ok', true],
        ['junit:areas#2', 'areas [2] 2, 3, 6', 'ok', true],
      ].sort(),
    );
    const area = byId(tests)['junit:area']!;
    expect(area.stdout).toBe('checking the area\n');
    expect(area.message).toBeNull();
    for (const t of tests) expect(t.stdout).not.toContain('MAIN RAN');
  });

  it('fails a wrong answer with the assertion’s message verbatim', async () => {
    const wrong = RECTANGLE.replace('return width * height;', 'return width + height;');
    const tests = byId(graded(await grader.grade(junitSpec(wrong, RECTANGLE_TEST))));
    expect(tests['junit:area']).toMatchObject({ status: 'ok', passed: false, message: 'expected: <12> but was: <7>' });
    expect(tests['junit:hidden:squareArea']).toMatchObject({ passed: false, message: 'a 5 by 5 square ==> expected: <25> but was: <10>' });
    expect(tests['junit:perimeter']).toMatchObject({ passed: true });
  });

  it('reports an exception thrown by the student’s code as a runtime error with its type and message', async () => {
    const throwing = RECTANGLE.replace('return 2 * (width + height);', 'throw new IllegalStateException("perimeter is not ready");');
    const tests = byId(graded(await grader.grade(junitSpec(throwing, RECTANGLE_TEST))));
    expect(tests['junit:perimeter']).toMatchObject({
      status: 'runtime_error',
      passed: false,
      message: 'Your program crashed: it threw java.lang.IllegalStateException: perimeter is not ready (at Rectangle.java:5).',
    });
    expect(tests['junit:area']!.passed).toBe(true);
  });

  it('reports a JUnit class that does not compile as a compile error, without quoting it', async () => {
    const broken = RECTANGLE_TEST.replace('new Rectangle(3, 4).perimeter()', 'new Rectangle(3, 4).diagonalSecret()');
    const result = await grader.grade(junitSpec(RECTANGLE, broken));
    expect(result.kind).toBe('compile_error');
    if (result.kind !== 'compile_error') return;
    expect(result.output).toContain('RectangleTest.java:16: error: cannot find symbol');
    expect(result.output).toContain('symbol:   method diagonalSecret()');
    expect(result.output).not.toContain('assertEquals(14');
    expect(result.diagnostics).toEqual([]);
  });

  it('reports a student class that does not compile as a compile error with its line', async () => {
    const result = await grader.grade(junitSpec(RECTANGLE.replace('return width * height;', 'return width * heigth;'), RECTANGLE_TEST));
    expect(result.kind).toBe('compile_error');
    if (result.kind !== 'compile_error') return;
    expect(result.diagnostics[0]).toMatchObject({ line: 4, severity: 'error', message: 'cannot find symbol' });
    expect(result.output).toContain('Rectangle.java:4: error: cannot find symbol');
  });

  it('stops an endless loop at the time limit: that test and those not yet run fail with time_limit', async () => {
    const looping = RECTANGLE.replace('return 2 * (width + height);', 'while (true) { }');
    const ordered = `import org.junit.jupiter.api.*;
import static org.junit.jupiter.api.Assertions.*;
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RectangleTest {
  @Test @Order(1) void area() { assertEquals(12, new Rectangle(3, 4).area()); }
  @Test @Order(2) void perimeter() { assertEquals(14, new Rectangle(3, 4).perimeter()); }
  @Test @Order(3) @DisplayName("a square's area") void square() { assertEquals(4, new Rectangle(2, 2).area()); }
}
`;
    const started = performance.now();
    const tests = graded(await grader.grade(junitSpec(looping, ordered, { limits: { ...LIMITS, timeMs: 1000 } })));
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(tests.map((t) => [t.testId, t.status, t.passed])).toEqual([
      ['junit:area', 'ok', true],
      ['junit:perimeter', 'time_limit', false],
      ['junit:square', 'time_limit', false],
    ]);
    expect(tests[1]!.message).toBe('Your program ran for longer than 1 second and was stopped.');
    expect(tests[2]!.message).toMatch(/^This test did not run/);
    expect(tests[2]!.name).toBe("a square's area");
  });

  it('stops a test allocating 2 GB at the memory limit', async () => {
    const hungry = RECTANGLE.replace(
      'return 2 * (width + height);',
      'java.util.List<long[]> keep = new java.util.ArrayList<>(); for (int i = 0; i < 2048; i++) keep.add(new long[131072]); return keep.size();',
    );
    const tests = byId(graded(await grader.grade(junitSpec(hungry, RECTANGLE_TEST))));
    expect(tests['junit:perimeter']).toMatchObject({
      status: 'memory_limit',
      message: 'Your program used more than 128 MB of memory and was stopped.',
    });
  });

  it('fails the running test and those after it when the student’s code ends the JVM', async () => {
    const exiting = RECTANGLE.replace('return 2 * (width + height);', 'System.exit(0); return 0;');
    const tests = byId(graded(await grader.grade(junitSpec(exiting, RECTANGLE_TEST))));
    expect(tests['junit:perimeter']).toMatchObject({ status: 'runtime_error', passed: false });
    expect(tests['junit:perimeter']!.message).toContain('System.exit');
    for (const t of Object.values(tests))
      if (t.testId !== 'junit:perimeter')
        expect(t.passed || (t.status === 'runtime_error' && t.message!.startsWith('This test did not run'))).toBe(true);
  });

  it('fails a test that prints past the output limit, and leaves the tutor’s test class unreadable to the student’s code', async () => {
    const chatty = RECTANGLE.replace(
      'return 2 * (width + height);',
      'for (int i = 0; i < 1_000_000; i++) System.out.println("x".repeat(99)); return 0;',
    ).replace(
      'return width * height;',
      'try { System.out.print(java.nio.file.Files.readString(java.nio.file.Path.of("RectangleTest.java"))); } catch (Exception e) { System.out.print("unreadable"); } return width * height;',
    );
    const tests = byId(graded(await grader.grade(junitSpec(chatty, RECTANGLE_TEST))));
    expect(tests['junit:perimeter']).toMatchObject({
      status: 'output_limit',
      passed: false,
      message: 'Your program printed more than 64 KB and was stopped.',
    });
    expect(tests['junit:area']).toMatchObject({ passed: true, stdout: 'checking the area\nunreadable' });
  });

  it('says plainly where the JUnit jar is missing, and when the exercise has no JUnit class', async () => {
    expect(
      await gradeJava(junitSpec(RECTANGLE, RECTANGLE_TEST), SLOT, { junitJar: '/nonexistent/junit-platform-console-standalone.jar' }),
    ).toEqual({
      kind: 'unavailable',
      message: "This server cannot run JUnit tests: install Debian's junit5 package.",
    });
    expect(await grader.grade(junitSpec(RECTANGLE, RECTANGLE_TEST, { files: [] }))).toMatchObject({ kind: 'error' });
    const junit4 =
      'import org.junit.Test;\nimport static org.junit.Assert.*;\npublic class RectangleTest { @Test public void area() { assertEquals(12, new Rectangle(3, 4).area()); } }';
    expect(await grader.grade(junitSpec(RECTANGLE, junit4))).toMatchObject({ kind: 'error', message: expect.stringContaining('JUnit 4') });
  });
});
