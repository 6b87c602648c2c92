// Reads compiler messages into line-numbered diagnostics the editor can underline.
import type { Diagnostic } from './contract';

/** Clang: `main.c:3:5: error: use of undeclared identifier 'y'`. Only lines about the student's own file are kept. */
export function parseClangDiagnostics(output: string, fileName: string): Diagnostic[] {
  const pattern = new RegExp(`^${escapeRegExp(fileName)}:(\\d+):(\\d+): (error|fatal error|warning): (.*)$`, 'gm');
  return [...output.matchAll(pattern)].map((m) => ({
    line: Number(m[1]),
    column: Number(m[2]),
    severity: m[3] === 'warning' ? 'warning' : 'error',
    message: m[4]!,
  }));
}

/**
 * Javac: `/sandbox/Main.java:3: error: ';' expected`, then the source line and a caret line under the column.
 * The column comes from the caret's position. Lines about `fileName` (the student's main file) carry no file; those
 * about one of `otherFiles` (the student's further classes) carry its name, so the screen marks that file's tab.
 */
export function parseJavacDiagnostics(output: string, fileName: string, otherFiles: readonly string[] = []): Diagnostic[] {
  const lines = output.split('\n');
  const names = [fileName, ...otherFiles].map(escapeRegExp).join('|');
  const header = new RegExp(`^(?:.*/)?(${names}):(\\d+): (error|warning): (.*)$`);
  const diagnostics: Diagnostic[] = [];
  lines.forEach((text, i) => {
    const m = header.exec(text);
    if (!m) return;
    let column: number | null = null;
    for (let j = i + 1; j <= i + 3 && j < lines.length; j++) {
      const caret = /^(\s*)\^\s*$/.exec(lines[j]!);
      if (caret) {
        column = caret[1]!.length + 1;
        break;
      }
      if (header.test(lines[j]!)) break;
    }
    diagnostics.push({
      line: Number(m[2]),
      column,
      severity: m[3] === 'warning' ? 'warning' : 'error',
      message: m[4]!,
      ...(m[1] === fileName ? {} : { file: m[1]! }),
    });
  });
  return diagnostics;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
