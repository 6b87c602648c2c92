import { EXERCISE_FILES_MAX, FILE_NAME_MAX, type ExerciseLanguage } from '@common/practice';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { emptyFile, type FileValues } from '../exercise-form-values';

type Props = { files: FileValues[]; onChange: (files: FileValues[]) => void; invalid?: boolean; language: ExerciseLanguage };

/** How the student meets a file: the select's values. */
type Access = 'read-only' | 'hidden' | 'student';
const accessOf = (f: FileValues): Access => (f.editable ? 'student' : f.hidden ? 'hidden' : 'read-only');

/**
 * 'Support Files': the tutor's files written beside the student's for every run. A read-only one the student can read
 * (a header, a main to study, a data file); a hidden one never leaves the server (a test harness, a JUnit class); in a
 * Java exercise, one the student writes in an editor tab of its own ('Student Writes'), from its starter, with the
 * tutor's reference version that the reference check compiles with the reference solution.
 */
export function SupportFilesFields({ files, onChange, invalid, language }: Props) {
  const hint = useId();
  const set = (key: string, patch: Partial<FileValues>) => onChange(files.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  return (
    <section className="grid gap-3" aria-labelledby={`${hint}-title`}>
      <h3 id={`${hint}-title`} className="text-base font-semibold">
        Support Files
      </h3>
      <p id={hint} className="text-sm text-muted-foreground">
        Files written beside the student&apos;s code for every test: headers and classes it uses, data files, a test harness. Read Only
        files are shown to the student; Hidden ones are not.
        {language === 'java' &&
          ' Student Writes: a class the student writes in an editor tab of its own, starting from its starter code; its reference version is checked with the reference solution and never shown to students.'}
      </p>
      {files.map((file, i) => (
        <SupportFileFields
          key={file.key}
          number={i + 1}
          file={file}
          invalid={invalid}
          java={language === 'java'}
          onChange={(patch) => set(file.key, patch)}
          onRemove={() => onChange(files.filter((f) => f.key !== file.key))}
        />
      ))}
      <div>
        <Button
          variant="secondary"
          size="sm"
          disabled={files.length >= EXERCISE_FILES_MAX}
          onClick={() => onChange([...files, emptyFile()])}
        >
          <PlusIcon aria-hidden="true" />
          Add File
        </Button>
      </div>
    </section>
  );
}

function SupportFileFields({
  number,
  file,
  invalid,
  java,
  onChange,
  onRemove,
}: {
  number: number;
  file: FileValues;
  invalid?: boolean;
  java: boolean;
  onChange: (patch: Partial<FileValues>) => void;
  onRemove: () => void;
}) {
  const ids = { name: useId(), content: useId(), access: useId(), reference: useId() };
  const access = accessOf(file);
  const student = access === 'student';
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border p-3 sm:p-4" data-testid="support-file">
      <legend className="px-1 text-sm font-semibold">File {number}</legend>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <div className="grid min-w-48 flex-1 gap-2">
          <Label htmlFor={ids.name}>File Name</Label>
          <Input
            id={ids.name}
            className="font-mono"
            maxLength={FILE_NAME_MAX}
            placeholder={java ? 'e.g. Circle.java' : 'e.g. list.h'}
            aria-invalid={invalid}
            value={file.name}
            onChange={(e) => onChange({ name: e.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.access}>Student sees it</Label>
          <Select
            id={ids.access}
            value={access}
            onChange={(e) => {
              const next = e.target.value as Access;
              onChange({ hidden: next === 'hidden', editable: next === 'student' });
            }}
          >
            <option value="read-only">Read Only</option>
            <option value="hidden">Hidden</option>
            {/* Offered for Java only; a file already marked stays choosable so the server can say why it is refused. */}
            {(java || student) && <option value="student">Student Writes</option>}
          </Select>
        </div>
        <Button
          variant="ghost"
          className="ml-auto text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-950/50"
          onClick={onRemove}
        >
          <Trash2Icon aria-hidden="true" />
          Remove<span className="sr-only"> file {number}</span>
        </Button>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.content}>{student ? 'Starter Code' : 'Content'}</Label>
        <Textarea
          id={ids.content}
          className="min-h-28 font-mono text-sm"
          spellCheck={false}
          value={file.content}
          onChange={(e) => onChange({ content: e.target.value })}
        />
      </div>
      {student && (
        <div className="grid gap-2">
          <Label htmlFor={ids.reference}>
            Reference Version <span className="font-normal text-muted-foreground">(never shown to students)</span>
          </Label>
          <Textarea
            id={ids.reference}
            className="min-h-28 font-mono text-sm"
            spellCheck={false}
            aria-invalid={invalid}
            value={file.referenceContent}
            onChange={(e) => onChange({ referenceContent: e.target.value })}
          />
        </div>
      )}
    </fieldset>
  );
}
