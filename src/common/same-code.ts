/**
 * "The same code" for the tutor's same-code broadcast: two submissions of an exercise count as the same when they are
 * equal once their comments are gone and every run of whitespace is one space. One function for C, Java and
 * JavaScript, whose comments and strings are written alike: `//` to the end of the line and `/* … *\/` are comments;
 * text inside "…", '…', `…` (and Java's """…""") is a string and is kept as it is, comment marks and spaces included.
 * JavaScript's regular expression literals are not told from a division: a `//` inside one ends the code early on
 * both sides alike, which at worst finds two codes the same that differ only after it.
 */

type Normalised = {
  text: string;
  /** For each character of `text`, where it comes from in the code (a space: where its run of whitespace or comment starts). */
  from: number[];
  /** For each character of `text`, whether it is the one space standing for whitespace or a comment. */
  gap: boolean[];
};

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';

function normalise(code: string): Normalised {
  const out: string[] = [];
  const from: number[] = [];
  const gaps: boolean[] = [];
  /** Where a pending gap (whitespace or a comment) starts, or -1: written as one space before the next character. */
  let gap = -1;
  const put = (ch: string, at: number) => {
    if (gap >= 0 && out.length > 0) {
      out.push(' ');
      from.push(gap);
      gaps.push(true);
    }
    gap = -1;
    out.push(ch);
    from.push(at);
    gaps.push(false);
  };
  const openGap = (at: number) => {
    if (gap < 0) gap = at;
  };
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (isSpace(c)) {
      openGap(i);
      i++;
    } else if (c === '/' && code[i + 1] === '/') {
      openGap(i);
      while (i < code.length && code[i] !== '\n') i++;
    } else if (c === '/' && code[i + 1] === '*') {
      openGap(i);
      const end = code.indexOf('*/', i + 2);
      i = end < 0 ? code.length : end + 2;
    } else if (c === '"' || c === "'" || c === '`') {
      // A string, copied whole: its quotes, escapes and whatever it holds.
      const quote = c === '"' && code.startsWith('"""', i) ? '"""' : c;
      const start = i;
      i += quote.length;
      while (i < code.length && !code.startsWith(quote, i)) {
        // A line end closes an unfinished '…' or "…" string, as the compilers read it; a template or text block goes on.
        if (quote.length === 1 && quote !== '`' && code[i] === '\n') break;
        i += code[i] === '\\' ? 2 : 1;
      }
      if (code.startsWith(quote, i)) i += quote.length;
      for (let k = start; k < Math.min(i, code.length); k++) put(code[k]!, k);
    } else {
      put(c, i);
      i++;
    }
  }
  return { text: out.join(''), from, gap: gaps };
}

/** The code without its comments, each run of whitespace one space, nothing at either end; strings untouched. */
export function normaliseCode(code: string): string {
  return normalise(code).text;
}

/** 1-based line of each offset of `code`. */
function lineAt(code: string, offset: number): number {
  let line = 1;
  for (let k = 0; k < offset && k < code.length; k++) if (code[k] === '\n') line++;
  return line;
}

/** Where each line starts in `code` (index 0 is line 1). */
function lineStarts(code: string): number[] {
  const starts = [0];
  for (let k = 0; k < code.length; k++) if (code[k] === '\n') starts.push(k + 1);
  return starts;
}

/**
 * The line of `target` that holds what line `line` of `source` holds, for two codes that are the same once normalised
 * (the other student's code may have its comments and line breaks elsewhere). A line with no code of its own (blank,
 * or only a comment) keeps its number, within the target's lines.
 */
export function matchingLine(source: string, line: number, target: string): number {
  const a = normalise(source);
  const b = normalise(target);
  const targetLines = Math.max(1, lineStarts(target.replace(/\r\n?/g, '\n').replace(/\n$/, '')).length);
  const starts = lineStarts(source);
  const start = starts[line - 1];
  const end = starts[line] ?? source.length + 1;
  if (start !== undefined && a.text === b.text) {
    // The first character the line contributes (not a gap's space) and its place in the target.
    const k = a.from.findIndex((at, n) => at >= start && !a.gap[n]);
    if (k >= 0 && a.from[k]! < end && b.from[k] !== undefined) return lineAt(target, b.from[k]!);
  }
  return Math.min(Math.max(1, line), targetLines);
}

/**
 * A submission of several files (a Java exercise's further classes beside the main file) is the same as another when
 * each of its files is, name by name: its normalised main code, then each further file's name and normalised code.
 */
export function normaliseSubmission(code: string, files: readonly { name: string; content: string }[] | null | undefined): string {
  const further = [...(files ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return [normaliseCode(code), ...further.map((f) => `\u0000${f.name}\u0000${normaliseCode(f.content)}`)].join('');
}
