import type { Diagnostic, ExerciseLanguage } from '@common/practice';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { SHORTCUTS_HINT } from './shortcuts';

export type CodeEditorProps = {
  value: string;
  onChange?: (code: string) => void;
  language: ExerciseLanguage;
  /** The editor's accessible name ('Code editor for Sum of two numbers', 'Starter Code'). */
  label: string;
  readOnly?: boolean;
  /** The compiler's messages, marked on their lines. */
  diagnostics?: readonly Diagnostic[];
  describedBy?: string;
  /** The editor's smallest height (CSS length), 12rem unless given. */
  minHeight?: string;
  /** Ctrl+Enter in the editor (Run), Ctrl+Shift+Enter (Submit); the hint under the editor says so. */
  onRun?: () => void;
  onSubmit?: () => void;
  /** Blocks shown under given lines (1-based), such as the tutor's comments; a line the code does not have shows none. */
  lineWidgets?: readonly LineWidget[];
};

/** Something shown under a line of the code, inside the editor; `id` keeps it in place while the list changes. */
export type LineWidget = { id: string; line: number; content: ReactNode };

// CodeMirror and its languages are a download of their own: the lesson paints without waiting for it.
const CodeEditorView = lazy(() => import('./code-editor-view'));

/** A code editor (CodeMirror 6) with line numbers, highlighting for the exercise's language and the app's theme. */
export function CodeEditor(props: CodeEditorProps & { className?: string }) {
  const hintId = useId();
  const describedBy = [props.describedBy, props.readOnly ? undefined : hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid min-w-0 gap-1', props.className)}>
      <Suspense fallback={<EditorPlaceholder value={props.value} label={props.label} />}>
        <CodeEditorView {...props} describedBy={describedBy} />
      </Suspense>
      {!props.readOnly && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {(props.onRun || props.onSubmit) && <span className="block font-medium text-foreground">{SHORTCUTS_HINT}</span>}
          Tab indents. To leave the editor with the keyboard, press Esc, then Tab.
        </p>
      )}
    </div>
  );
}

/** The code as text while the editor loads, at about the editor's size, so nothing jumps. */
function EditorPlaceholder({ value, label }: { value: string; label: string }) {
  return (
    <div
      aria-busy="true"
      aria-label={`${label} (loading)`}
      role="group"
      className="min-h-[12.5rem] rounded-lg border border-input/70 bg-card"
    >
      <pre className="overflow-hidden p-2 pl-10 font-mono text-[13px] leading-normal text-muted-foreground">{value}</pre>
    </div>
  );
}
