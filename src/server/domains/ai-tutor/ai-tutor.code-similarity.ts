/**
 * How much of one piece of code another one holds, whatever the names, layout and comments: the
 * measure the leak guard uses to tell a solution given away from a hint's small example.
 *
 * Code is cut into tokens of the C family (C, Java, JavaScript, GLSL all qualify), comments
 * dropped, and each token replaced by its class: a keyword stays itself (the structure), every
 * other name becomes `v`, every number `0`, every string or character literal `"`; operators and
 * punctuation stay. Renamed variables and reformatted lines then give the same stream. The stream
 * is compared as k-grams (runs of K tokens): the share of one text's k-grams found in the other
 * (containment), as plagiarism checkers such as MOSS and Dolos do.
 */

/** Tokens per k-gram: long enough that a loop header or a print call alone is not a match. */
export const GRAM_TOKENS = 10;

const KEYWORDS = new Set(
  [
    // C
    'auto break case char const continue default do double else enum extern float for goto if int long register return short',
    'signed sizeof static struct switch typedef union unsigned void volatile while bool true false NULL',
    // Java
    'abstract boolean byte catch class extends final finally implements import instanceof interface native new null',
    'package private protected public super synchronized this throw throws transient try var',
    // JavaScript
    'async await const delete export function in let of typeof undefined yield',
    // GLSL
    'attribute uniform varying precision highp mediump lowp vec2 vec3 vec4 mat2 mat3 mat4 sampler2D in out inout',
  ]
    .join(' ')
    .split(/\s+/),
);

const TOKEN =
  /\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|"(?:\\[\s\S]|[^"\\\n])*"?|'(?:\\[\s\S]|[^'\\\n])*'?|[A-Za-z_$][\w$]*|\d[\w.]*|>>>=|<<=|>>=|>>>|\+\+|--|->|&&|\|\||[=!<>+\-*/%&|^]=|<<|>>|===|!==|\.\.\.|\S/g;

/** The class of every token of `code`, comments left out. */
export function normalizedTokens(code: string): string[] {
  const out: string[] = [];
  for (const [token] of code.matchAll(TOKEN)) {
    const first = token[0]!;
    if (token.startsWith('//') || token.startsWith('/*')) continue;
    if (first === '"' || first === "'") out.push('"');
    else if (/[A-Za-z_$]/.test(first)) out.push(KEYWORDS.has(token) ? token : 'v');
    else if (/\d/.test(first)) out.push('0');
    else out.push(token);
  }
  return out;
}

/** The distinct k-grams of a token stream, each as one string. */
export function gramsOf(tokens: string[], k = GRAM_TOKENS): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + k <= tokens.length; i++) grams.add(tokens.slice(i, i + k).join(' '));
  return grams;
}

export const codeGrams = (code: string, k = GRAM_TOKENS) => gramsOf(normalizedTokens(code), k);

/** How many of `secret`'s k-grams `text` holds. */
export function sharedGrams(secret: Set<string>, text: Set<string>): number {
  let n = 0;
  for (const gram of secret) if (text.has(gram)) n++;
  return n;
}

/** `secret` without the k-grams of the `known` texts (what the student already has is no secret). */
export function withoutGrams(secret: Set<string>, ...known: Set<string>[]): Set<string> {
  const left = new Set<string>();
  for (const gram of secret) if (!known.some((k) => k.has(gram))) left.add(gram);
  return left;
}
