import type { Diagnostic } from '@common/practice';

/** The runner page (public/webgl-runner.html) ends an error with the line of the student's code it was thrown on. */
const LINE_SUFFIX = /\s*\(line (\d+)\)\s*$/;

/**
 * The errors a WebGL program raised in the student's browser, as marks on their lines in the editor (as the compiler's
 * messages are for C, Java and JavaScript): one per error whose line is known, without the '(line N)' it ends with.
 */
export function diagnosticsOfBrowserErrors(errors: readonly string[]): Diagnostic[] {
  const marks: Diagnostic[] = [];
  for (const error of errors) {
    const match = LINE_SUFFIX.exec(error);
    if (!match) continue;
    marks.push({ line: Number(match[1]), column: null, severity: 'error', message: error.replace(LINE_SUFFIX, '') });
  }
  return marks;
}
