import type { Diagnostic, SubmissionResult } from '@common/practice';

/** A frame of a Java stack trace: `at Rect.area(Rect.java:4)`. */
const FRAME = /^\s*at\s+[\w$.<>/]+\((\w[\w$]*\.java):(\d+)\)\s*$/;

/**
 * Where a Java program stopped with an exception, as marks for the editors: per visible test that printed a stack trace,
 * the deepest frame in one of the student's files (the line that threw, or that called the library that threw), with
 * the exception's first line as the message. `mainFile` is the main file's name (its marks carry no file); `files` the
 * further files' names. The same place is marked once.
 */
export function javaRuntimeDiagnostics(result: SubmissionResult, mainFile: string, files: readonly string[]): Diagnostic[] {
  const marks: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const test of result.tests) {
    if (test.hidden || !test.stderr) continue;
    const lines = test.stderr.split('\n');
    const at = lines.findIndex((l) => FRAME.test(l));
    if (at < 0) continue;
    const message = (lines.slice(0, at).find((l) => l.trim() !== '') ?? '').replace(/^Exception in thread "main"\s*/, '').trim();
    for (const text of lines.slice(at)) {
      const frame = FRAME.exec(text);
      if (!frame) continue;
      const [, file, line] = frame as unknown as [string, string, string];
      if (file !== mainFile && !files.includes(file)) continue;
      const key = `${file}:${line}`;
      if (!seen.has(key)) {
        seen.add(key);
        marks.push({
          line: Number(line),
          column: null,
          severity: 'error',
          message: message || 'The program stopped with an exception here.',
          ...(file === mainFile ? {} : { file }),
        });
      }
      break;
    }
  }
  return marks;
}
