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
 * The column comes from the caret's position.
 */
export function parseJavacDiagnostics(output: string, fileName: string): Diagnostic[] {
  const lines = output.split('\n');
  const header = new RegExp(`^(?:.*/)?${escapeRegExp(fileName)}:(\\d+): (error|warning): (.*)$`);
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
    diagnostics.push({ line: Number(m[1]), column, severity: m[2] === 'warning' ? 'warning' : 'error', message: m[3]! });
  });
  return diagnostics;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
