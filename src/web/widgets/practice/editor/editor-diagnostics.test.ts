import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { toEditorDiagnostics } from './editor-diagnostics';

const doc = Text.of(['int main() {', '  return x;', '}']);

describe('toEditorDiagnostics', () => {
  it('marks the line from the reported column', () => {
    expect(toEditorDiagnostics(doc, [{ line: 2, column: 10, severity: 'error', message: "'x' undeclared" }])).toEqual([
      { from: 13 + 9, to: 13 + 11, severity: 'error', message: "'x' undeclared" },
    ]);
  });

  it('marks the whole line without a column', () => {
    expect(toEditorDiagnostics(doc, [{ line: 1, column: null, severity: 'warning', message: 'w' }])[0]).toMatchObject({ from: 0, to: 12 });
  });

  it('leaves out lines the code no longer has', () => {
    expect(toEditorDiagnostics(doc, [{ line: 9, column: 1, severity: 'error', message: 'gone' }])).toEqual([]);
  });
});
