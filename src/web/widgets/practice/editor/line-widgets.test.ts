import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { decorationsOf } from './line-widgets';

const doc = Text.of(['int main() {', '  return 0;', '}']);
const host = () => ({ nodeName: 'DIV' }) as unknown as HTMLElement;

/** Each decoration as [position, 'line' | 'widget']. */
function placed(widgets: Parameters<typeof decorationsOf>[1]) {
  const out: [number, string][] = [];
  decorationsOf(doc, widgets).between(0, doc.length, (from, _to, deco) => {
    out.push([from, deco.spec.widget ? 'widget' : 'line']);
  });
  return out;
}

describe('decorationsOf', () => {
  it('puts each block at the end of its line, and tints the line once however many blocks it has', () => {
    expect(
      placed([
        { id: 'b', line: 2, host: host() },
        { id: 'a', line: 2, host: host() },
        { id: 'c', line: 1, host: host() },
      ]),
    ).toEqual([
      [0, 'line'],
      [12, 'widget'],
      [13, 'line'],
      [24, 'widget'],
      [24, 'widget'],
    ]);
  });

  it('shows nothing for a line the code does not have', () => {
    expect(
      placed([
        { id: 'x', line: 0, host: host() },
        { id: 'y', line: 4, host: host() },
      ]),
    ).toEqual([]);
  });
});
