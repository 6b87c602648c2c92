import type { ElementContent } from 'hast';

/** Splits highlighted nodes at their line breaks: a token that spans lines (a block comment) is cut into one piece per line. */
export function linesOf(nodes: ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  const current = () => lines[lines.length - 1]!;
  for (const node of nodes) {
    if (node.type === 'text') {
      node.value.split('\n').forEach((part, i) => {
        if (i > 0) lines.push([]);
        if (part) current().push({ type: 'text', value: part });
      });
    } else if (node.type === 'element') {
      linesOf(node.children).forEach((children, i) => {
        if (i > 0) lines.push([]);
        if (children.length) current().push({ ...node, children });
      });
    }
  }
  return lines;
}
