import type { ExerciseLanguage } from '@common/practice';
import type { ReactNode } from 'react';
import { CodeEditor } from '../editor/code-editor';
import { mainFileName } from './exercise-editors';

type File = { name: string; content: string };

/**
 * A submission's code read only, every file of it: the main file alone as before, or (a Java exercise of several
 * classes) each file under its name, the main file first. `lineWidgets` (the tutor's line comments) are the main file's.
 */
export function SubmittedFiles({
  code,
  files,
  language,
  owner,
  main,
}: {
  code: string;
  files: readonly File[] | undefined;
  language: ExerciseLanguage;
  /** Whose code, for the editors' names ('Code of Sam Lee'). */
  owner: string;
  /** The main file's editor when the caller has its own (the review's line-by-line view); else a read-only editor. */
  main?: ReactNode;
}) {
  const further = files ?? [];
  const mainEditor = main ?? <CodeEditor value={code} language={language} label={owner} readOnly minHeight="6rem" />;
  if (further.length === 0) return <>{mainEditor}</>;
  return (
    <div className="grid min-w-0 gap-3" data-testid="submitted-files">
      {[{ name: mainFileName(language, code), content: code, isMain: true }, ...further.map((f) => ({ ...f, isMain: false }))].map((f) => (
        <div key={f.name} className="grid min-w-0 gap-1">
          <p className="font-mono text-sm font-medium">{f.name}</p>
          {f.isMain ? (
            mainEditor
          ) : (
            <CodeEditor value={f.content} language={language} label={`${f.name}, ${owner}`} readOnly minHeight="6rem" />
          )}
        </div>
      ))}
    </div>
  );
}
