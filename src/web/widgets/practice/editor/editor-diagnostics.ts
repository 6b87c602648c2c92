import type { Diagnostic as CmDiagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import type { Diagnostic } from '@common/practice';

/**
 * The compiler's messages as the editor's marks: a whole line (or from the column on) per message.
 * A line the code no longer has (the student edited since) is left out rather than put elsewhere.
 */
export function toEditorDiagnostics(doc: Text, diagnostics: readonly Diagnostic[]): CmDiagnostic[] {
  const marks: CmDiagnostic[] = [];
  for (const d of diagnostics) {
    if (d.line < 1 || d.line > doc.lines) continue;
    const line = doc.line(d.line);
    const from = d.column !== null && d.column >= 1 ? Math.min(line.from + d.column - 1, line.to) : line.from;
    marks.push({ from, to: Math.max(from, line.to), severity: d.severity, message: d.message });
  }
  return marks;
}
