// The one builder of a C program to grade, for both C paths (WebAssembly and native): from the student's main.c, the
// tutor's support files and the tests, the files to write side by side and the C files to compile and link together.
//
// Tests written as code share one program, compiled once: grader_tests.c holds the student's main.c (so a test sees
// every declaration in it, static ones too) and turns each test's snippet into a function of its own, and
// grader_start.c reads the number of the test to run from the first line of standard input in a constructor, which
// runs before main: it runs that test and exits, so the student's main never runs for a test written as code. A plain
// input/output test sends -1 and the student's main runs as it always does (keeping its implicit `return 0`, which a
// renamed main would lose). A weak main stands in when the student wrote none (an exercise of functions only). The
// tests' code sees stdio.h, stdlib.h and string.h (TEST_HEADERS) and may include more headers itself.
import type { Diagnostic, GradingFile, GradingTest } from '../../contract';
import { parseClangDiagnostics } from '../../diagnostics';
import { COMPILER_OUTPUT_KEEP_BYTES, truncateText } from '../../limits';

export const STUDENT_FILE = 'main.c';
export const TESTS_FILE = 'grader_tests.c';
export const START_FILE = 'grader_start.c';
/** The student's file and the grader's own (grader_*: the driver, the WebAssembly runtime): no support file's names. */
const isReserved = (name: string) => name === STUDENT_FILE || name.startsWith('grader_');
/** A support file is written beside main.c under its own name: one plain name, no folder. */
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;

export type CProgram = {
  /** Every file of the compile by name (the student's code, the tutor's files, the test driver), written side by side. */
  files: Record<string, string>;
  /** The C files compiled and linked into the one program. */
  sources: string[];
  /** The tutor's files that are neither C sources nor headers (data a program may read), by name. */
  dataFiles: GradingFile[];
  /** Whether the program has tests written as code (then every run's standard input starts with the test's number). */
  hasTestCode: boolean;
  /** A test's standard input: its input, after the line that picks the test when the program has test code. */
  stdinOf(test: GradingTest): string;
  /**
   * The student's code on its own, with the tutor's files beside it, to check (no link) when the program with the
   * tests did not compile and main.c was not blamed: an unclosed brace in main.c shows only at the end of the tests.
   */
  studentAlone: { files: Record<string, string>; sources: string[]; dataFiles: GradingFile[] };
};

/** The file name a test's code has in the compiler's messages and in run-time reports: `test-3.c`. */
export function testCodeFileName(testId: string): string {
  return `test-${testId.replace(/[^A-Za-z0-9_-]/g, '_')}.c`;
}

/** The headers every test's code sees. */
export const TEST_HEADERS = ['stdio.h', 'stdlib.h', 'string.h'];

export const isTestCodeFile = (file: string) => /^test-[A-Za-z0-9_-]*\.c$/.test(file);

/**
 * The program for these tests, or why the exercise's files cannot make one (a support file named like the student's
 * file or one of the driver's, or not a plain file name).
 */
export function buildCProgram(code: string, supportFiles: GradingFile[] = [], tests: GradingTest[]): CProgram | { error: string } {
  const files: Record<string, string> = { [STUDENT_FILE]: code };
  for (const file of supportFiles) {
    if (!FILE_NAME.test(file.name) || file.name.includes('..'))
      return { error: `The exercise's support file "${file.name}" needs a plain file name (letters, digits, dots, dashes, underscores).` };
    if (isReserved(file.name)) return { error: `The exercise's support file ${file.name} takes a name the grader needs; rename it.` };
    if (file.name in files) return { error: `The exercise has two support files named ${file.name}.` };
    files[file.name] = file.content;
  }
  const supportSources = supportFiles.filter((f) => f.name.endsWith('.c')).map((f) => f.name);
  const dataFiles = supportFiles.filter((f) => !f.name.endsWith('.c') && !f.name.endsWith('.h'));
  const withCode = tests.map((test, index) => ({ test, index })).filter(({ test }) => (test.code ?? '').trim() !== '');
  const studentAlone = { files: { ...files }, sources: [STUDENT_FILE], dataFiles: [] };
  if (!withCode.length) {
    return {
      files,
      sources: [STUDENT_FILE, ...supportSources],
      dataFiles,
      hasTestCode: false,
      stdinOf: (test) => test.input,
      studentAlone,
    };
  }
  files[TESTS_FILE] = testsFile(code, withCode);
  files[START_FILE] = START_C;
  const indexOf = new Map(withCode.map(({ test }, i) => [test, i]));
  return {
    files,
    sources: [TESTS_FILE, START_FILE, ...supportSources],
    dataFiles,
    hasTestCode: true,
    stdinOf: (test) => `${indexOf.get(test) ?? -1}\n${test.input}`,
    studentAlone,
  };
}

/**
 * The student's code, then one function per test: `#line` gives each part its own file name, so the compiler's
 * messages and the run-time reports say `main.c:7` for the student's code and `test-3.c:2` for the test's (the code
 * is copied in rather than included, which Clang would call `./main.c`). `#include` lines of a snippet are moved
 * before its function (a header cannot be included inside a function body).
 */
function testsFile(code: string, withCode: { test: GradingTest }[]): string {
  const parts = [
    `#line 1 "${STUDENT_FILE}"`,
    code.endsWith('\n') ? code.slice(0, -1) : code,
    `#line 1 "${TESTS_FILE}"`,
    // What a test's code may use without including it, whatever the student's code included (Clang refuses a call of
    // an undeclared function, and a student's code need not print, or include stdio.h, for its tests to).
    ...TEST_HEADERS.map((header) => `#include <${header}>`),
  ];
  withCode.forEach(({ test }, i) => {
    const file = testCodeFileName(test.id);
    const lines = (test.code ?? '').replace(/\r\n?/g, '\n').split('\n');
    lines.forEach((line, n) => {
      if (!/^\s*#\s*include\b/.test(line)) return;
      parts.push(`#line ${n + 1} "${file}"`, line);
      lines[n] = '';
    });
    parts.push(`static int grader_test_${i}_(void) {`, `#line 1 "${file}"`, ...lines, 'return 0;', '}');
  });
  parts.push(
    'int grader_run_test_(int grader_index_);',
    'int grader_run_test_(int grader_index_) {',
    '  switch (grader_index_) {',
    ...withCode.map((_, i) => `  case ${i}: return grader_test_${i}_();`),
    '  }',
    '  return -1;',
    '}',
    '',
  );
  return parts.join('\n');
}

/**
 * Picks the test before main runs. The number is read byte by byte with read(2), so the standard input that follows is
 * left whole for the test (its stdio buffer is untouched). exit() flushes what the test printed.
 */
export const START_C = `/* Runs one test written as code: its number is the first line of standard input (-1: run main instead). */
#include <stdlib.h>
#include <unistd.h>
int grader_run_test_(int grader_index_);
__attribute__((constructor)) static void grader_start_(void) {
  char text[16];
  int length = 0;
  char c;
  while (length < 15 && read(0, &c, 1) == 1 && c != '\\n') text[length++] = c;
  text[length] = 0;
  int index = atoi(text);
  if (index < 0) return;
  exit(grader_run_test_(index));
}
/* A program of functions only has no main of its own; the student's main, when there is one, takes its place. */
__attribute__((weak)) int main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return 0;
}
`;

/**
 * A failed compile as the student reads it. An error in main.c is the student's, shown with its lines marked in the
 * editor; so is any error of main.c compiled alone (`alone`: the output of checking program.studentAlone, asked for
 * by needsStudentCheck). Otherwise the tests' code (or the tutor's files) did not build with the student's code: a
 * function they call missing or of another type, or the tutor's own mistake, which the tutor sees when the reference
 * solution is checked. The lines of test code the compiler quotes are left out: a hidden test's code is the tutor's.
 */
export function compileErrorOf(
  output: string,
  program: CProgram,
  alone?: { ok: boolean; output: string },
): { output: string; diagnostics: Diagnostic[] } {
  if (alone && !alone.ok) {
    return {
      output: truncateText(alone.output, COMPILER_OUTPUT_KEEP_BYTES),
      diagnostics: parseClangDiagnostics(alone.output, STUDENT_FILE),
    };
  }
  const shown = truncateText(withoutTestCode(output), COMPILER_OUTPUT_KEEP_BYTES);
  const diagnostics = parseClangDiagnostics(shown, STUDENT_FILE);
  if (!program.hasTestCode || diagnostics.some((d) => d.severity === 'error')) return { output: shown, diagnostics };
  return {
    output: truncateText(
      `Your code compiles, but not together with the tests' code (a function the tests call may be missing, or have other parameters):\n${shown}`,
      COMPILER_OUTPUT_KEEP_BYTES,
    ),
    diagnostics,
  };
}

/** Whether a failed compile of `program` needs the student's code checked alone before the tests are blamed. */
export function needsStudentCheck(output: string, program: CProgram): boolean {
  return program.hasTestCode && !parseClangDiagnostics(output, STUDENT_FILE).some((d) => d.severity === 'error');
}

/**
 * The compiler's output without the lines it quotes from the tests' code (the indented lines after a message about a
 * test-N.c), and without the driver's function names, which mean nothing to a student.
 */
export function withoutTestCode(output: string): string {
  const kept: string[] = [];
  let inTestCode = false;
  for (const line of output.split('\n')) {
    if (/^\S/.test(line)) inTestCode = /^test-[A-Za-z0-9_-]*\.c:\d+:(\d+:)? /.test(line);
    else if (inTestCode) continue;
    if (/^[^\s:]+: In function 'grader_(test_\d+|run_test)_':$|in function `grader_(test_\d+|run_test)_':$/.test(line)) continue;
    kept.push(line);
  }
  return kept.join('\n');
}
