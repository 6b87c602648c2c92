/**
 * The part of the app's style sheet one page rendered before the app runs needs for its first paint
 * (page-shell.ts): the rules whose classes all appear in the page's markup, with everything that is
 * not a class rule (the base styles, @keyframes; of the theme's variables and @property, those the
 * kept rules read). The page carries only these; the whole sheet follows once the page has been
 * painted (public/app-start.js), so what the app renders later (menus, toasts, the signed-in
 * header) is styled as before. The sheet is Tailwind's minified output: plain rules inside nested
 * at-rules, no nesting of style rules.
 */

type Node =
  | { kind: 'rule'; selector: string; body: string }
  | { kind: 'block'; prelude: string; children: Node[] }
  | { kind: 'statement'; text: string };

/** At-rules kept whole: what they hold is not selected by classes. */
const KEPT_WHOLE = /^@(keyframes|-webkit-keyframes|property|font-face|counter-style|page)\b/;

/** The index just past the `{...}` block that opens at `open`, strings and comments skipped. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = stringEnd(css, i);
    } else if (c === '/' && css[i + 1] === '*') {
      i = css.indexOf('*/', i + 2) + 1 || css.length;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  throw new Error('prerender-css: unbalanced braces in the style sheet');
}

function stringEnd(css: string, start: number): number {
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === css[start]) return i;
  }
  return css.length;
}

/** The next `{` or `;` at the top level from `from` (outside strings, comments and parentheses). */
function nextDelimiter(css: string, from: number): number {
  let parens = 0;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = stringEnd(css, i);
    else if (c === '/' && css[i + 1] === '*') i = css.indexOf('*/', i + 2) + 1 || css.length;
    else if (c === '(') parens++;
    else if (c === ')') parens--;
    else if (parens === 0 && (c === '{' || c === ';')) return i;
  }
  return css.length;
}

function parse(css: string): Node[] {
  const nodes: Node[] = [];
  let i = 0;
  while (i < css.length) {
    const at = nextDelimiter(css, i);
    const prelude = css.slice(i, at).trim();
    if (at >= css.length) {
      if (prelude) nodes.push({ kind: 'statement', text: prelude });
      break;
    }
    if (css[at] === ';') {
      if (prelude) nodes.push({ kind: 'statement', text: `${prelude};` });
      i = at + 1;
      continue;
    }
    const end = blockEnd(css, at);
    const inner = css.slice(at + 1, end - 1);
    if (prelude.startsWith('@') && !KEPT_WHOLE.test(prelude)) nodes.push({ kind: 'block', prelude, children: parse(inner) });
    else nodes.push({ kind: 'rule', selector: prelude, body: inner });
    i = end;
  }
  return nodes;
}

/** Comma-separated parts at the top level (not inside parentheses or brackets). */
function splitSelectors(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selector.slice(start));
  return parts;
}

const unescapeCss = (name: string) =>
  name.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_m, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );

/** The selector without its attribute selectors (`[data-x="1.5"]`: a value may hold a dot); escaped brackets are part of a class name. */
function withoutAttributes(selector: string): string {
  let out = '';
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === '\\') {
      out += c + (selector[i + 1] ?? '');
      i++;
    } else if (c === '[') {
      for (i++; i < selector.length && selector[i] !== ']'; i++) {
        if (selector[i] === '"' || selector[i] === "'") i = stringEnd(selector, i);
      }
    } else out += c;
  }
  return out;
}

/** The selector without its :not(...) parts. */
function withoutNot(selector: string): string {
  let out = selector;
  for (let at = out.indexOf(':not('); at >= 0; at = out.indexOf(':not(')) {
    let depth = 0;
    let end = at + 4;
    for (; end < out.length; end++) {
      if (out[end] === '\\') end++;
      else if (out[end] === '(') depth++;
      else if (out[end] === ')' && --depth === 0) break;
    }
    out = out.slice(0, at) + out.slice(end + 1);
  }
  return out;
}

/** The class names a selector requires; those under :not() are left out (their absence is what it asks). */
export function selectorClasses(selector: string): string[] {
  const plain = withoutNot(withoutAttributes(selector));
  return [...plain.matchAll(/\.(-?(?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w\u00a0-\uffff-])+)/g)].map((m) => unescapeCss(m[1]!));
}

/** The class names used in an HTML document's class attributes. */
export function htmlClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1]!
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#x27;|&#39;/g, "'");
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** A node with each selector's required classes worked out once, for a sheet that serves many pages. */
type Prepared =
  | { kind: 'rule'; selector: string; body: string; parts: { text: string; classes: string[] }[] }
  | { kind: 'block'; prelude: string; children: Prepared[] }
  | { kind: 'statement'; text: string };

function prepare(nodes: Node[]): Prepared[] {
  return nodes.map((node): Prepared => {
    if (node.kind === 'statement') return node;
    if (node.kind === 'block') return { ...node, children: prepare(node.children) };
    const parts = node.selector.startsWith('@')
      ? []
      : splitSelectors(node.selector).map((text) => ({ text, classes: selectorClasses(text) }));
    return { ...node, parts };
  });
}

function serialize(nodes: Prepared[], present: Set<string>): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'statement') out += node.text;
    else if (node.kind === 'block') {
      const inner = serialize(node.children, present);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else if (node.selector.startsWith('@')) {
      out += `${node.selector}{${node.body}}`;
    } else {
      const kept = node.parts.filter((part) => part.classes.every((c) => present.has(c))).map((part) => part.text);
      if (kept.length) out += `${kept.join(',')}{${node.body}}`;
    }
  }
  return out;
}

/**
 * The rules of `css` that a page's markup can use: a rule stays when one of its selectors needs
 * only classes the markup has (plus `alwaysPresent`: the theme script's `dark` on <html>). The sheet
 * is read once; each page then costs one pass over its markup and the rules (a server rendering
 * pages as they are asked for does this for every page).
 */
export function criticalCssFor(css: string, alwaysPresent: readonly string[] = ['dark']): (html: string) => string {
  // The licence comment stays at the top.
  const banner = /^\/\*![\s\S]*?\*\//.exec(css.trimStart())?.[0] ?? '';
  const rules = prepare(parse(css.trimStart().slice(banner.length)));
  return (html) => {
    const present = htmlClasses(html);
    for (const name of alwaysPresent) present.add(name);
    return banner + withoutUnusedVariables(serialize(rules, present), html);
  };
}

/** A custom property's declaration in minified CSS (`--name:value;`, the value possibly quoted), after `{` or `;`. */
const VARIABLE_DECLARATION = /(?<=[{;])(--[\w-]+):((?:[^;}"']|"[^"]*"|'[^']*')*);?/g;
const VARIABLE_USE = /var\(\s*(--[\w-]+)/g;

/**
 * The sheet without the custom properties nothing in it or in the markup reads: the theme declares
 * every colour and size the app uses, and the few rules a page keeps read a fraction of them (on the
 * landing page, about half of the variables, a fifth of its styles' bytes). A variable read by one
 * that is kept is kept too; an `@property` goes with its variable.
 */
export function withoutUnusedVariables(css: string, html: string): string {
  const valuesOf = new Map<string, string[]>();
  for (const [, name, value] of css.matchAll(VARIABLE_DECLARATION)) valuesOf.set(name!, [...(valuesOf.get(name!) ?? []), value!]);
  const used = new Set<string>();
  const pending = [...css.replace(VARIABLE_DECLARATION, '').matchAll(VARIABLE_USE), ...html.matchAll(VARIABLE_USE)].map((m) => m[1]!);
  while (pending.length) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    for (const value of valuesOf.get(name) ?? []) for (const m of value.matchAll(VARIABLE_USE)) pending.push(m[1]!);
  }
  return (
    css
      .replace(/@property (--[\w-]+)\{[^}]*\}/g, (rule, name: string) => (used.has(name) ? rule : ''))
      .replace(VARIABLE_DECLARATION, (declaration, name: string) => (used.has(name) ? declaration : ''))
      // A rule left with nothing to declare goes too (the theme's fallbacks for browsers without @property).
      .replace(/[^{};]+\{;?\}/g, '')
  );
}

/** The rules of `css` that the markup `html` can use (criticalCssFor, for one page). */
export function criticalCss(css: string, html: string, alwaysPresent: readonly string[] = ['dark']): string {
  return criticalCssFor(css, alwaysPresent)(html);
}
