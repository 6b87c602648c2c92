import { javascriptLanguage } from '@codemirror/lang-javascript';
import { LanguageSupport, StreamLanguage } from '@codemirror/language';
import { shader } from '@codemirror/legacy-modes/mode/clike';
import { parseMixed, type SyntaxNodeRef } from '@lezer/common';

const glsl = StreamLanguage.define(shader);

/** A template literal holds a shader when it reads like one; other template strings stay strings. */
const SHADER_HINT =
  /\b(?:void\s+main\s*\(|gl_Position|gl_FragColor|precision\s+(?:lowp|mediump|highp)|#version|attribute\s|varying\s|uniform\s)/;

/**
 * The template's text without its `${…}` parts (which stay JavaScript), as ranges for the nested
 * GLSL parse. The backticks themselves are left out.
 */
function templateRanges(node: SyntaxNodeRef): { from: number; to: number }[] {
  const ranges: { from: number; to: number }[] = [];
  let from = node.from + 1;
  const cursor = node.node.cursor();
  if (cursor.firstChild()) {
    do {
      if (cursor.name === 'Interpolation') {
        if (cursor.from > from) ranges.push({ from, to: cursor.from });
        from = cursor.to;
      }
    } while (cursor.nextSibling());
  }
  const end = node.to - 1;
  if (end > from) ranges.push({ from, to: end });
  return ranges;
}

/**
 * WebGL exercises are JavaScript with their shaders in template strings: those strings are parsed
 * as GLSL (CodeMirror's mixed parsing over lang-javascript's TemplateString nodes), the rest as
 * JavaScript. Only templates that look like a shader are parsed so, which keeps a plain message
 * template a string.
 */
const webglLanguage = javascriptLanguage.configure({
  wrap: parseMixed((node, input) => {
    if (node.name !== 'TemplateString' || node.to - node.from < 12) return null;
    if (!SHADER_HINT.test(input.read(node.from, node.to))) return null;
    const overlay = templateRanges(node);
    return overlay.length > 0 ? { parser: glsl.parser, overlay } : null;
  }),
});

/** JavaScript with GLSL highlighted in its shader template strings. */
export const webgl = () => new LanguageSupport(webglLanguage);
