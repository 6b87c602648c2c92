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
