import type { ElementContent } from 'hast';
import { describe, expect, it } from 'vitest';
import { highlightCode } from '@web/components/highlight-code';
import { linesOf } from './code-lines';

const textOf = (nodes: ElementContent[]): string =>
  nodes.map((n) => (n.type === 'text' ? n.value : n.type === 'element' ? textOf(n.children) : '')).join('');

describe('linesOf', () => {
  it('keeps every line of highlighted code, a block comment across lines cut into one piece per line with its class', () => {
    const code = 'int main(void) {\n  /* one\n     two */\n\n  return 0;\n}';
    const lines = linesOf(highlightCode(code, 'c')!.children as ElementContent[]);
    expect(lines.map(textOf)).toEqual(code.split('\n'));
    const comment = (line: ElementContent[]) =>
      line.find((n) => n.type === 'element' && String(n.properties.className).includes('hljs-comment'));
    expect(comment(lines[1]!)).toBeDefined();
    expect(comment(lines[2]!)).toBeDefined();
    expect(lines[3]).toEqual([]);
  });
});
