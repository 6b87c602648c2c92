/**
 * A choice is a few words, often code ('*', '&x', '1.5'), shown with inline Markdown: `code`,
 * **bold**, links. What Markdown would read as the start of a block (a list, a heading, a quote, a
 * rule) is kept as the tutor typed it, so a choice '*' shows a star, not an empty list.
 */
const BLOCK_START = /^(\s{0,3})(-{3,}|\*{3,}|[*+-]|\d{1,9}[.)]|#{1,6}|>|={2,}|_{3,})(?=\s|$)/;

export function choiceMarkdown(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line.replace(BLOCK_START, (_, indent: string, marker: string) => {
        const at = marker.search(/[.)]/);
        // '1.' is escaped at its dot, the others at their first character.
        return at > 0 ? `${indent}${marker.slice(0, at)}\\${marker.slice(at)}` : `${indent}\\${marker}`;
      }),
    )
    .join('\n');
}
