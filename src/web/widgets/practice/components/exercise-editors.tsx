import { javaMainClass } from '@common/java-source';
import type { Diagnostic, ExerciseLanguage } from '@common/practice';
import { CircleAlertIcon } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { CodeEditor, type LineWidget } from '../editor/code-editor';

/** The value of the main file's tab; a further file's tab is its name. */
export const MAIN_TAB = '';

type Props = {
  title: string;
  language: ExerciseLanguage;
  code: string;
  files: readonly { name: string; content: string }[];
  onCode: (code: string) => void;
  onFile: (name: string, content: string) => void;
  /** Every mark of the submission: a further file's carry its `file`, the main file's none. */
  diagnostics?: readonly Diagnostic[];
  /** The tutor's line comments: on the main file. */
  lineWidgets?: readonly LineWidget[];
  active: string;
  onActive: (tab: string) => void;
  onRun: () => void;
  onSubmit: () => void;
};

/** The name of the main file's tab: the file its public class asks for (Java), as the grader names it. */
export const mainFileName = (language: ExerciseLanguage, code: string) => (language === 'java' ? javaMainClass(code).fileName : 'Main');

/**
 * The student's editors: one, or (a Java exercise that asks for several classes) one tab per file, the main file first,
 * then each further file in the tutor's order, each tab named by its file. The arrow keys move between the tabs (Radix's
 * roving focus), Tab goes into the editor. Every editor stays mounted, so switching keeps each one's undo history and
 * place; a tab whose file has a compiler's or a runtime error's mark says so.
 */
export function ExerciseEditors(props: Props) {
  const { title, language, code, files, diagnostics, active } = props;
  const of = (file: string) => diagnostics?.filter((d) => (d.file ?? MAIN_TAB) === file);
  const editor = (file: string, value: string, label: string) => (
    <CodeEditor
      value={value}
      onChange={file === MAIN_TAB ? props.onCode : (next) => props.onFile(file, next)}
      language={language}
      label={label}
      diagnostics={diagnostics && of(file)}
      lineWidgets={file === MAIN_TAB ? props.lineWidgets : undefined}
      onRun={props.onRun}
      onSubmit={props.onSubmit}
    />
  );
  if (files.length === 0) return editor(MAIN_TAB, code, `Code editor for ${title}`);

  const tabs = [{ value: MAIN_TAB, name: mainFileName(language, code), content: code }, ...files.map((f) => ({ value: f.name, ...f }))];
  return (
    <Tabs value={active} onValueChange={props.onActive} className="grid min-w-0 gap-2">
      <TabsList aria-label={`Files of ${title}`} className="h-auto max-w-full flex-wrap justify-start">
        {tabs.map((tab) => {
          const errors = of(tab.value)?.filter((d) => d.severity === 'error').length ?? 0;
          return (
            <TabsTrigger key={tab.value} value={tab.value} className="font-mono" data-testid="file-tab">
              {tab.name}
              {errors > 0 && (
                <>
                  <CircleAlertIcon aria-hidden="true" className="size-3.5 text-red-700 dark:text-red-400" />
                  <span className="sr-only">{errors === 1 ? ' (1 error)' : ` (${errors} errors)`}</span>
                </>
              )}
            </TabsTrigger>
          );
        })}
      </TabsList>
      {tabs.map((tab) => (
        // Mounted while hidden: each editor keeps its history; the inactive ones are out of sight and of the tab order.
        <TabsContent key={tab.value} value={tab.value} forceMount className="mt-0 data-[state=inactive]:hidden">
          {editor(tab.value, tab.content, `${tab.name} of ${title}`)}
        </TabsContent>
      ))}
    </Tabs>
  );
}
