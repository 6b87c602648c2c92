import { describe, expect, it } from 'vitest';
import { diagnosticsOfBrowserErrors } from './browser-errors';

describe('diagnosticsOfBrowserErrors', () => {
  it('marks the line an error names, without the line in its message', () => {
    expect(diagnosticsOfBrowserErrors(['TypeError: gl.clearColour is not a function (line 3)'])).toEqual([
      { line: 3, column: null, severity: 'error', message: 'TypeError: gl.clearColour is not a function' },
    ]);
  });

  it('leaves out errors whose line is not known', () => {
    expect(diagnosticsOfBrowserErrors(['WebGL is not available in this browser.', 'ReferenceError: x is not defined (line 12)'])).toEqual([
      { line: 12, column: null, severity: 'error', message: 'ReferenceError: x is not defined' },
    ]);
  });

  it('reads only a line at the end of the message', () => {
    expect(diagnosticsOfBrowserErrors(['Error: (line 4) is what I printed'])).toEqual([]);
  });
});
