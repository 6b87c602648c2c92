import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentOnInput, indentUnit } from '@codemirror/language';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { toEditorDiagnostics } from './editor-diagnostics';
import { loadLanguage } from './editor-languages';
import { editorTheme } from './editor-theme';
import { lineWidgetsExtension, setLineWidgets } from './line-widgets';
import { useDarkClass } from './use-dark-class';
import type { CodeEditorProps } from './code-editor';

/**
 * The CodeMirror editor behind CodeEditor (loaded on demand). Uncontrolled inside: it keeps its own
 * document and reports each change; a new `value` from outside (a reset, a loaded draft) replaces
 * the document only when it differs from what the editor holds, so typing never loops.
 */
export default function CodeEditorView({
  value,
  onChange,
  language,
  label,
  readOnly = false,
  diagnostics,
  describedBy,
  minHeight,
  onRun,
  onSubmit,
  lineWidgets,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const shortcuts = useRef({ onRun, onSubmit });
  shortcuts.current = { onRun, onSubmit };
  const theme = useDarkClass() ? 'dark' : 'light';
  const compartments = useRef({
    theme: new Compartment(),
    language: new Compartment(),
    readOnly: new Compartment(),
    attrs: new Compartment(),
  });

  useEffect(() => {
    const c = compartments.current;
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          indentUnit.of('    '),
          EditorState.tabSize.of(4),
          lintGutter(),
          lineWidgetsExtension(),
          // Tab indents, as in any code editor; Escape then Tab leaves the editor (CodeMirror's
          // tab focus mode), which the hint under the editor says.
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          // Ctrl+Enter runs, Ctrl+Shift+Enter submits (⌘ too on a Mac), before the default keymap's Mod-Enter.
          Prec.highest(keymap.of(shortcutKeys(shortcuts))),
          EditorView.lineWrapping,
          EditorView.theme({ '.cm-content, .cm-gutter': { minHeight: minHeight ?? '12rem' } }),
          c.language.of([]),
          c.theme.of(editorTheme(theme)),
          c.readOnly.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
          c.attrs.of(EditorView.contentAttributes.of(contentAttributes(label, describedBy, readOnly))),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is built once with the first props; the effects below follow their later changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.theme.reconfigure(editorTheme(theme)) });
  }, [theme]);

  useEffect(() => {
    let current = true;
    void loadLanguage(language)
      .then((extension) => {
        if (current) view.current?.dispatch({ effects: compartments.current.language.reconfigure(extension) });
      })
      // Without its highlighting the editor still works: the code stays plain text.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [language]);

  useEffect(() => {
    const c = compartments.current;
    view.current?.dispatch({
      effects: [
        c.readOnly.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
        c.attrs.reconfigure(EditorView.contentAttributes.of(contentAttributes(label, describedBy, readOnly))),
      ],
    });
  }, [readOnly, label, describedBy]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch(setDiagnostics(editor.state, toEditorDiagnostics(editor.state.doc, diagnostics ?? [])));
  }, [diagnostics]);

  // Each line widget's own element, kept while its id is shown: CodeMirror places it, React renders into it.
  const [widgetHosts] = useState(() => new Map<string, HTMLElement>());
  const shownWidgets = lineWidgets ?? [];
  for (const w of shownWidgets)
    if (!widgetHosts.has(w.id)) {
      const el = document.createElement('div');
      el.className = 'cm-line-widget';
      widgetHosts.set(w.id, el);
    }
  const widgetKey = shownWidgets.map((w) => `${w.id}@${w.line}`).join(',');
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const ids = new Set(shownWidgets.map((w) => w.id));
    for (const id of widgetHosts.keys()) if (!ids.has(id)) widgetHosts.delete(id);
    editor.dispatch({ effects: setLineWidgets.of(shownWidgets.map((w) => ({ id: w.id, line: w.line, host: widgetHosts.get(w.id)! }))) });
    // The widgets' ids and lines say all that matters here (their content is rendered below through portals); a new
    // document from outside places them again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [widgetKey, value]);

  return (
    <>
      <div
        ref={host}
        data-slot="code-editor"
        className="overflow-hidden rounded-lg border border-input/70 focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/40 [&_.cm-editor]:max-h-[32rem]"
      />
      {shownWidgets.map((w) => createPortal(w.content, widgetHosts.get(w.id)!, w.id))}
    </>
  );
}

type Shortcuts = { current: { onRun?: () => void; onSubmit?: () => void } };

function shortcutKeys(shortcuts: Shortcuts) {
  const run = (pick: 'onRun' | 'onSubmit') => () => {
    const handler = shortcuts.current[pick];
    if (!handler) return false;
    handler();
    return true;
  };
  return [
    { key: 'Ctrl-Enter', run: run('onRun') },
    { key: 'Mod-Enter', run: run('onRun') },
    { key: 'Ctrl-Shift-Enter', run: run('onSubmit') },
    { key: 'Mod-Shift-Enter', run: run('onSubmit') },
  ];
}

function contentAttributes(label: string, describedBy: string | undefined, readOnly: boolean): Record<string, string> {
  const attrs: Record<string, string> = { 'aria-label': label };
  if (describedBy) attrs['aria-describedby'] = describedBy;
  if (readOnly) attrs['aria-readonly'] = 'true';
  return attrs;
}
