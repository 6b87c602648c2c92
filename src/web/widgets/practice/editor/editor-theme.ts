import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

/**
 * Token colours on Tailwind's palette (the same as the tutor's code blocks), each at least 4.5:1
 * against the editor's background: white in light, slate-950 in dark.
 */
const palette = {
  light: {
    keyword: '#6d28d9',
    type: '#155e75',
    number: '#9a3412',
    string: '#065f46',
    comment: '#475569',
    function: '#1d4ed8',
    meta: '#be185d',
    variable: '#0f172a',
    invalid: '#b91c1c',
  },
  dark: {
    keyword: '#c4b5fd',
    type: '#67e8f9',
    number: '#fdba74',
    string: '#6ee7b7',
    comment: '#94a3b8',
    function: '#93c5fd',
    meta: '#f9a8d4',
    variable: '#e2e8f0',
    invalid: '#fca5a5',
  },
};

function highlightStyle(c: (typeof palette)['light']) {
  return HighlightStyle.define([
    { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword, t.definitionKeyword, t.modifier], color: c.keyword },
    { tag: [t.typeName, t.className, t.namespace, t.standard(t.variableName)], color: c.type },
    { tag: [t.number, t.bool, t.null, t.atom, t.literal], color: c.number },
    { tag: [t.string, t.special(t.string), t.regexp, t.character], color: c.string },
    { tag: [t.comment, t.lineComment, t.blockComment, t.docComment], color: c.comment, fontStyle: 'italic' },
    { tag: [t.function(t.variableName), t.function(t.propertyName), t.definition(t.function(t.variableName))], color: c.function },
    { tag: [t.meta, t.processingInstruction, t.annotation, t.macroName], color: c.meta },
    { tag: [t.variableName, t.propertyName, t.definition(t.variableName)], color: c.variable },
    { tag: t.invalid, color: c.invalid },
  ]);
}

const base = {
  '&': { fontSize: '13px' },
  '.cm-content': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', padding: '8px 0' },
  '.cm-gutters': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
  '.cm-scroller': { lineHeight: '1.5' },
  // The focus ring is drawn by the wrapper (focus-within), in the app's ring colour.
  '&.cm-focused': { outline: 'none' },
};

const light = EditorView.theme(
  {
    ...base,
    '&': { ...base['&'], backgroundColor: '#ffffff', color: '#0f172a' },
    '.cm-gutters': { ...base['.cm-gutters'], backgroundColor: '#f8fafc', color: '#475569', borderRight: '1px solid #e2e8f0' },
    '.cm-activeLine': { backgroundColor: '#f1f5f9' },
    '.cm-activeLineGutter': { backgroundColor: '#e2e8f0', color: '#0f172a' },
    '.cm-cursor': { borderLeftColor: '#0f172a' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: '#c7d2fe' },
    '.cm-error-line': { backgroundColor: '#fee2e2' },
  },
  { dark: false },
);

const dark = EditorView.theme(
  {
    ...base,
    '&': { ...base['&'], backgroundColor: '#020617', color: '#e2e8f0' },
    '.cm-gutters': { ...base['.cm-gutters'], backgroundColor: '#0f172a', color: '#94a3b8', borderRight: '1px solid #1e293b' },
    '.cm-activeLine': { backgroundColor: '#0f172a' },
    '.cm-activeLineGutter': { backgroundColor: '#1e293b', color: '#e2e8f0' },
    '.cm-cursor': { borderLeftColor: '#e2e8f0' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: '#3730a3' },
    '.cm-error-line': { backgroundColor: '#450a0a' },
  },
  { dark: true },
);

export const editorTheme = (mode: 'light' | 'dark'): Extension =>
  mode === 'dark' ? [dark, syntaxHighlighting(highlightStyle(palette.dark))] : [light, syntaxHighlighting(highlightStyle(palette.light))];
