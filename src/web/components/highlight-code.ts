import type { Element, ElementContent, Root } from 'hast';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import glsl from 'highlight.js/lib/languages/glsl';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import python from 'highlight.js/lib/languages/python';
import { createLowlight } from 'lowlight';

/**
 * The courses' languages (C, Java, WebGL's JavaScript and GLSL) and a few a tutor often shows.
 * rehype-highlight would do this job, but it always bundles lowlight's 37 'common' languages
 * (its fallback when none are given is a static import): about 80 KB gzipped the panel never
 * uses. This is its small core on the same lowlight engine.
 */
const lowlight = createLowlight({ bash, c, cpp, glsl, java, javascript, python });
lowlight.registerAlias({ javascript: ['webgl'], bash: ['shell', 'console'] });

const languageOf = (code: Element): string | undefined => {
  const classes = code.properties.className;
  if (!Array.isArray(classes)) return undefined;
  for (const cls of classes) {
    const match = /^(?:lang|language)-(.+)$/.exec(String(cls));
    if (match) return match[1]!.toLowerCase();
  }
  return undefined;
};

const textOf = (node: ElementContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '';

function visitCodeBlocks(node: Root | Element) {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const code = child.children.length === 1 ? child.children[0] : undefined;
    if (child.tagName === 'pre' && code?.type === 'element' && code.tagName === 'code') {
      const lang = languageOf(code);
      // Only blocks that name a known language: guessing costs time and often guesses wrong.
      if (lang && lowlight.registered(lang)) {
        const tree = lowlight.highlight(lang, code.children.map(textOf).join(''), { prefix: 'hljs-' });
        code.properties.className = ['hljs', ...(code.properties.className as string[])];
        code.children = tree.children as ElementContent[];
      }
      continue;
    }
    visitCodeBlocks(child);
  }
}

/** A rehype plugin: fenced code blocks of the languages above get highlight.js token classes (`hljs-keyword`...). */
export function rehypeHighlightCode() {
  return (tree: Root) => visitCodeBlocks(tree);
}

/**
 * Token colours on Tailwind's palette, light and dark. Each keeps at least 4.5:1 against the code
 * block's background (white in light, slate-950 in dark).
 */
export const CODE_TOKEN_COLOURS = [
  '[&_.hljs-keyword]:text-violet-700 dark:[&_.hljs-keyword]:text-violet-300',
  '[&_.hljs-built_in]:text-cyan-800 dark:[&_.hljs-built_in]:text-cyan-300',
  '[&_.hljs-type]:text-cyan-800 dark:[&_.hljs-type]:text-cyan-300',
  '[&_.hljs-literal]:text-orange-800 dark:[&_.hljs-literal]:text-orange-300',
  '[&_.hljs-number]:text-orange-800 dark:[&_.hljs-number]:text-orange-300',
  '[&_.hljs-string]:text-emerald-800 dark:[&_.hljs-string]:text-emerald-300',
  '[&_.hljs-regexp]:text-emerald-800 dark:[&_.hljs-regexp]:text-emerald-300',
  '[&_.hljs-comment]:italic [&_.hljs-comment]:text-slate-600 dark:[&_.hljs-comment]:text-slate-400',
  '[&_.hljs-meta]:text-pink-700 dark:[&_.hljs-meta]:text-pink-300',
  '[&_.hljs-title]:text-blue-700 dark:[&_.hljs-title]:text-blue-300',
  '[&_.hljs-attr]:text-amber-800 dark:[&_.hljs-attr]:text-amber-200',
  '[&_.hljs-variable]:text-rose-700 dark:[&_.hljs-variable]:text-rose-300',
  '[&_.hljs-params]:text-slate-800 dark:[&_.hljs-params]:text-slate-200',
].join(' ');

/** Fenced code blocks in rendered Markdown: a bordered box that scrolls sideways, focusable to scroll by keyboard. */
export const CODE_BLOCK_CLASSES = [
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:bg-white [&_pre]:p-3 [&_pre]:text-slate-900 dark:[&_pre]:bg-slate-950 dark:[&_pre]:text-slate-100',
  '[&_pre:focus-visible]:outline-none [&_pre:focus-visible]:ring-2 [&_pre:focus-visible]:ring-ring',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-[0.8rem] [&_pre_code]:leading-snug',
].join(' ');

/**
 * Code of one of the languages above as highlight.js-classed nodes, for a code view of its own (the
 * tutor's line-numbered view of a student's code); null for a language not bundled here.
 */
export function highlightCode(code: string, language: string): Root | null {
  const lang = language.toLowerCase();
  return lowlight.registered(lang) ? lowlight.highlight(lang, code, { prefix: 'hljs-' }) : null;
}
