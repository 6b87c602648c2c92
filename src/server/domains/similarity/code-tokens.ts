/**
 * The tokens the similarity check compares, for C, Java and JavaScript (WebGL exercises are JavaScript): what a
 * program is made of once renaming and retyping are undone. Names become `id`, literals `num`, `str` or `chr`,
 * keywords and operators stay themselves; comments and layout are dropped. So a copy with renamed variables, other
 * comments or other indentation gives the same tokens as its original. A lexer, not a parser: a program that does
 * not compile is compared all the same.
 */
export type TokenLanguage = 'c' | 'java' | 'javascript';

/** Where a token is: rows and columns from 0, the end column not included (Dolos' regions). */
export type TokenRegion = { startRow: number; startCol: number; endRow: number; endCol: number };

const KEYWORDS: Record<TokenLanguage, ReadonlySet<string>> = {
  c: new Set(
    (
      'auto break case char const continue default do double else enum extern float for goto if inline int long ' +
      'register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while ' +
      '_Bool bool true false NULL'
    ).split(' '),
  ),
  java: new Set(
    (
      'abstract assert boolean break byte case catch char class const continue default do double else enum extends ' +
      'final finally float for goto if implements import instanceof int interface long native new package private ' +
      'protected public return short static strictfp super switch synchronized this throw throws transient try void ' +
      'volatile while var record yield true false null'
    ).split(' '),
  ),
  javascript: new Set(
    (
      'async await break case catch class const continue debugger default delete do else export extends finally for ' +
      'function if import in instanceof let new of return super switch this throw try typeof var void while with ' +
      'yield true false null undefined'
    ).split(' '),
  ),
};

/** Operators and punctuation, longest first so that `>>=` is one token and not `>>` and `=`. */
const OPERATORS = [
  '>>>=',
  '...',
  '<<=',
  '>>=',
  '>>>',
  '===',
  '!==',
  '**=',
  '&&=',
  '||=',
  '??=',
  '->',
  '++',
  '--',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '&&',
  '||',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '::',
  '=>',
  '??',
  '?.',
  '**',
];

const IDENT_START = /[A-Za-z_$\u00C0-\uFFFF]/;
const IDENT_PART = /[\w$\u00C0-\uFFFF]/;
const NUMBER = /(?:0[xXbB][0-9a-fA-F_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?)[A-Za-z]*/y;

export function tokenize(code: string, language: TokenLanguage): { tokens: string[]; regions: TokenRegion[] } {
  const keywords = KEYWORDS[language];
  const tokens: string[] = [];
  const regions: TokenRegion[] = [];
  let i = 0;
  let row = 0;
  let col = 0;
  /** Moves past `n` characters, counting rows and columns. */
  const advance = (n: number) => {
    for (const end = i + n; i < end; i++) {
      if (code[i] === '\n') {
        row++;
        col = 0;
      } else col++;
    }
  };
  const emit = (token: string, length: number) => {
    const startRow = row;
    const startCol = col;
    advance(length);
    tokens.push(token);
    regions.push({ startRow, startCol, endRow: row, endCol: col });
  };
  /** The length of a quoted literal from i, to its closing quote (or the end of the line for an unclosed one). */
  const quoted = (quote: string) => {
    let j = i + 1;
    while (j < code.length && code[j] !== quote) {
      if (code[j] === '\\') j++;
      else if (code[j] === '\n' && quote !== '`') return j - i;
      j++;
    }
    return Math.min(j + 1, code.length) - i;
  };

  while (i < code.length) {
    const c = code[i]!;
    const next = code[i + 1];
    if (c === '\n' || c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      advance(1);
    } else if (c === '/' && next === '/') {
      const end = code.indexOf('\n', i);
      advance((end < 0 ? code.length : end) - i);
    } else if (c === '/' && next === '*') {
      const end = code.indexOf('*/', i + 2);
      advance((end < 0 ? code.length : end + 2) - i);
    } else if (c === '"' || (c === '`' && language === 'javascript')) {
      emit('str', quoted(c));
    } else if (c === "'") {
      // A character in C and Java; a string in JavaScript.
      emit(language === 'javascript' ? 'str' : 'chr', quoted(c));
    } else if (c === '#' && language === 'c') {
      // A preprocessor directive keeps its name (`#include`, `#define`); what follows is lexed as code.
      let j = i + 1;
      while (j < code.length && /[ \t]/.test(code[j]!)) j++;
      while (j < code.length && /[A-Za-z_]/.test(code[j]!)) j++;
      emit(code.slice(i, j).replace(/[ \t]/g, ''), j - i);
    } else if (/\d/.test(c) || (c === '.' && next !== undefined && /\d/.test(next))) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(code);
      emit('num', m ? m[0].length : 1);
    } else if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < code.length && IDENT_PART.test(code[j]!)) j++;
      const word = code.slice(i, j);
      emit(keywords.has(word) ? word : 'id', j - i);
    } else {
      const op = OPERATORS.find((o) => code.startsWith(o, i));
      emit(op ?? c, op ? op.length : 1);
    }
  }
  return { tokens, regions };
}
