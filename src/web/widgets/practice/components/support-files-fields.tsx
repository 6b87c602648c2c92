import { EXERCISE_FILES_MAX, FILE_NAME_MAX } from '@common/practice';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { emptyFile, type FileValues } from '../exercise-form-values';

type Props = { files: FileValues[]; onChange: (files: FileValues[]) => void; invalid?: boolean };

/**
 * 'Support Files': the tutor's files written beside the student's for every run. A read-only one the student can read
 * (a header, a main to study, a data file); a hidden one never leaves the server (a test harness, a JUnit class).
 */
export function SupportFilesFields({ files, onChange, invalid }: Props) {
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
      </p>
      {files.map((file, i) => (
        <SupportFileFields
          key={file.key}
          number={i + 1}
          file={file}
          invalid={invalid}
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
  onChange,
  onRemove,
}: {
  number: number;
  file: FileValues;
  invalid?: boolean;
  onChange: (patch: Partial<FileValues>) => void;
  onRemove: () => void;
}) {
  const ids = { name: useId(), content: useId(), access: useId() };
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
            placeholder="e.g. list.h"
            aria-invalid={invalid}
            value={file.name}
            onChange={(e) => onChange({ name: e.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.access}>Student sees it</Label>
          <Select
            id={ids.access}
            value={file.hidden ? 'hidden' : 'read-only'}
            onChange={(e) => onChange({ hidden: e.target.value === 'hidden' })}
          >
            <option value="read-only">Read Only</option>
            <option value="hidden">Hidden</option>
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
        <Label htmlFor={ids.content}>Content</Label>
        <Textarea
          id={ids.content}
          className="min-h-28 font-mono text-sm"
          spellCheck={false}
          value={file.content}
          onChange={(e) => onChange({ content: e.target.value })}
        />
      </div>
    </fieldset>
  );
}
