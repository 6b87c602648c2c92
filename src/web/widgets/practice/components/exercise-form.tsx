import {
  EXERCISE_TITLE_MAX,
  LANGUAGE_LABELS,
  TESTS_PER_EXERCISE_MAX,
  referenceCheckSchema,
  type AdminExercise,
  type ExerciseLanguage,
  type SubmissionResult as Result,
} from '@common/practice';
import { CalendarMessages } from '@common/calendar';
import { ErrorCode } from '@common/error-codes';
import { FlaskConicalIcon, LoaderCircleIcon, PlayIcon, PlusIcon, SaveIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { ZonedDateTimeField } from '@web/components/zoned-date-time-field';
import { isApiError } from '@web/lib/api';
import { toastSuccess } from '@web/lib/notify';
import { useSchoolTimeZone } from '@web/lib/public-config';
import { useCreateExercise } from '../api/create-exercise';
import { useRunReference } from '../api/run-reference';
import { useUpdateExercise } from '../api/update-exercise';
import { CodeEditor } from '../editor/code-editor';
import {
  emptyTest,
  formProblems,
  newExerciseValues,
  toExerciseInput,
  valuesOf,
  type ExerciseFormValues,
  type TestValues,
} from '../exercise-form-values';
import { WebglCanvas, type RenderOutcome, type WebglCanvasHandle } from '../webgl/webgl-canvas';
import { SubmissionResult } from './submission-result';
import { SupportFilesFields } from './support-files-fields';
import { TestCaseFields } from './test-case-fields';

type Props = { lessonId: string; exercise: AdminExercise | null; onDone: () => void; onCancel: () => void };

type Refusal = { message: string; field?: string; result?: Result };

/** What the server said when it refused the save: its message, the field it names, and the failed reference run. */
function refusalOf(error: unknown): Refusal {
  if (!isApiError(error)) return { message: 'The exercise could not be saved. Please try again.' };
  const details = error.details as { error?: { field?: unknown } } | undefined;
  const field = typeof details?.error?.field === 'string' ? details.error.field : undefined;
  const check = referenceCheckSchema.safeParse(error.details);
  return {
    message: error.message,
    field,
    result: error.code === ErrorCode.referenceFailed && check.success ? check.data.result : undefined,
  };
}

/** Adding or editing an exercise: its text, code, tests and limits; saving checks the reference solution on the server. */
export function ExerciseForm({ lessonId, exercise, onDone, onCancel }: Props) {
  const [values, setValues] = useState<ExerciseFormValues>(() => (exercise ? valuesOf(exercise) : newExerciseValues()));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [preview, setPreview] = useState<RenderOutcome | null>(null);
  const [rendering, setRendering] = useState(false);
  const canvas = useRef<WebglCanvasHandle>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const create = useCreateExercise(lessonId);
  const update = useUpdateExercise(lessonId);
  const tryReference = useRunReference();
  const [tried, setTried] = useState<Result | null>(null);
  const triedRef = useRef<HTMLDivElement>(null);
  const saving = create.isPending || update.isPending || rendering || tryReference.isPending;
  const ids = {
    title: useId(),
    language: useId(),
    statement: useId(),
    statementHint: useId(),
    time: useId(),
    memory: useId(),
    output: useId(),
    mode: useId(),
    modeHint: useId(),
  };
  const webgl = values.language === 'webgl';
  const junit = values.language === 'java' && values.mode === 'junit';
  const timeZone = useSchoolTimeZone();

  const set = (patch: Partial<ExerciseFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const setTest = (key: string, patch: Partial<TestValues>) =>
    setValues((v) => ({ ...v, tests: v.tests.map((t) => (t.key === key ? { ...t, ...patch } : t)) }));
  const setLanguage = (language: ExerciseLanguage) =>
    setValues((v) => {
      // Switching to or from WebGL changes what a test is: untouched tests become the new kind's blank ones.
      const untouched = (t: TestValues) => {
        const blank = emptyTest(v.language);
        return t.input === blank.input && t.expectedOutput === blank.expectedOutput;
      };
      const kindChanges = (v.language === 'webgl') !== (language === 'webgl');
      return { ...v, language, tests: kindChanges ? v.tests.map((t) => (untouched(t) ? emptyTest(language) : t)) : v.tests };
    });

  const showRefusal = (next: Refusal) => {
    setRefusal(next);
    requestAnimationFrame(() => refusalRef.current?.focus());
  };

  async function renderReference() {
    setRendering(true);
    const outcome = await canvas.current!.render(values.referenceSolution);
    setRendering(false);
    setPreview(outcome);
    return outcome;
  }

  /** The body the server checks, with the reference solution's picture for WebGL; null after showing why not. */
  async function checkedInput() {
    const problems = formProblems(values);
    if (problems.length > 0) {
      showRefusal({ message: problems.join(' ') });
      return null;
    }
    setRefusal(null);
    const input = toExerciseInput(values);
    if (webgl) {
      // The checks are tried on the server against the reference solution's picture, drawn here.
      const outcome = await renderReference();
      if (!outcome.image) {
        showRefusal({ message: `The reference solution could not be drawn: ${outcome.errors.join(' ')}` });
        return null;
      }
      input.referenceImage = outcome.image;
    }
    return input;
  }

  /** 'Run Reference': the tests as written, tried on the server against the reference solution; nothing is saved. */
  async function onRunReference() {
    if (saving) return;
    setTried(null);
    const input = await checkedInput();
    if (!input) return;
    tryReference.mutate(
      { lessonId, input },
      {
        onSuccess: ({ result }) => {
          setTried(result);
          requestAnimationFrame(() => triedRef.current?.focus());
        },
        onError: (error: unknown) => showRefusal(refusalOf(error)),
      },
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setTried(null);
    const input = await checkedInput();
    if (!input) return;
    const options = {
      onSuccess: () => {
        toastSuccess(exercise ? 'Exercise updated successfully' : 'Exercise added successfully');
        onDone();
      },
      onError: (error: unknown) => showRefusal(refusalOf(error)),
    };
    if (exercise) update.mutate({ exerciseId: exercise.id, input }, options);
    else create.mutate({ lessonId, input }, options);
  }

  const invalid = (field: string) => (refusal?.field === field || refusal?.field?.startsWith(`${field}.`) ? true : undefined);

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={exercise ? `Edit exercise ${exercise.title}` : 'Add an exercise'}
      className="grid min-w-0 gap-5"
    >
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <div className="grid gap-2">
          <Label htmlFor={ids.title}>Exercise Title</Label>
          <Input
            id={ids.title}
            autoFocus
            maxLength={EXERCISE_TITLE_MAX}
            placeholder="e.g. Sum of two numbers"
            aria-invalid={invalid('title')}
            value={values.title}
            onChange={(e) => set({ title: e.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.language}>Language</Label>
          <Select id={ids.language} value={values.language} onChange={(e) => setLanguage(e.target.value as ExerciseLanguage)}>
            {(Object.keys(LANGUAGE_LABELS) as ExerciseLanguage[]).map((language) => (
              <option key={language} value={language}>
                {LANGUAGE_LABELS[language]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={ids.statement}>Statement</Label>
        <Textarea
          id={ids.statement}
          className="min-h-32"
          aria-describedby={ids.statementHint}
          aria-invalid={invalid('statement')}
          value={values.statement}
          onChange={(e) => set({ statement: e.target.value })}
        />
        <p id={ids.statementHint} className="text-xs text-muted-foreground">
          Markdown: **bold**, `code`, lists and fenced code blocks. HTML is shown as text.
        </p>
      </div>

      <div className="grid gap-2">
        <p className="text-sm font-medium">Starter Code</p>
        <CodeEditor
          value={values.starterCode}
          onChange={(starterCode) => set({ starterCode })}
          language={values.language}
          label="Starter Code"
          minHeight="8rem"
        />
      </div>

      <div className="grid gap-2">
        <p className="text-sm font-medium">Reference Solution</p>
        <CodeEditor
          value={values.referenceSolution}
          onChange={(referenceSolution) => set({ referenceSolution })}
          language={values.language}
          label="Reference Solution"
          minHeight="8rem"
        />
      </div>

      {webgl && (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium">Preview of the reference solution</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void renderReference()}
              disabled={saving || !values.referenceSolution.trim()}
            >
              <PlayIcon aria-hidden="true" />
              Render Preview
            </Button>
          </div>
          <WebglCanvas ref={canvas} title="Preview of the reference solution" />
          {preview && preview.errors.length > 0 && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {preview.errors.join(' ')}
            </p>
          )}
        </div>
      )}

      {values.language === 'java' && (
        <div className="grid gap-2 sm:max-w-sm">
          <Label htmlFor={ids.mode}>Graded By</Label>
          <Select
            id={ids.mode}
            aria-describedby={ids.modeHint}
            aria-invalid={invalid('mode')}
            value={values.mode}
            onChange={(e) => set({ mode: e.target.value === 'junit' ? 'junit' : 'tests' })}
          >
            <option value="tests">Tests below</option>
            <option value="junit">A JUnit 5 test class</option>
          </Select>
          <p id={ids.modeHint} className="text-xs text-muted-foreground">
            {junit
              ? 'Add the JUnit 5 test class as a support file (Hidden, say RectangleTest.java): each @Test is a test the student sees by its display name; tag one @Tag("hidden") to show only its name.'
              : "Each test gives standard input, or test code calling the student's classes, and the output expected."}
          </p>
        </div>
      )}

      {!webgl && (
        <SupportFilesFields
          files={values.files}
          onChange={(files) => set({ files })}
          invalid={invalid('files')}
          language={values.language}
        />
      )}

      <div className="grid gap-3" hidden={junit}>
        <h3 className="text-base font-semibold">Tests</h3>
        {values.tests.map((test, i) => (
          <TestCaseFields
            key={test.key}
            number={i + 1}
            language={values.language}
            test={test}
            onChange={(patch) => setTest(test.key, patch)}
            onRemove={values.tests.length > 1 ? () => set({ tests: values.tests.filter((t) => t.key !== test.key) }) : undefined}
          />
        ))}
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={values.tests.length >= TESTS_PER_EXERCISE_MAX}
            onClick={() => set({ tests: [...values.tests, emptyTest(values.language)] })}
          >
            <PlusIcon aria-hidden="true" />
            Add Test
          </Button>
        </div>
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-base font-semibold">Limits</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {(
            [
              ['timeMs', ids.time, 'Time limit (ms)'],
              ['memoryMb', ids.memory, 'Memory limit (MB)'],
              ['outputKb', ids.output, 'Output limit (KB)'],
            ] as const
          ).map(([name, id, label]) => (
            <div key={name} className="grid gap-2">
              <Label htmlFor={id}>{label}</Label>
              <Input
                id={id}
                inputMode="numeric"
                aria-invalid={invalid(`limits.${name}`) ?? invalid('limits')}
                value={values.limits[name]}
                onChange={(e) => set({ limits: { ...values.limits, [name]: e.target.value } })}
              />
            </div>
          ))}
        </div>
      </fieldset>

      <ZonedDateTimeField
        label={CalendarMessages.dueDate}
        value={values.dueAt}
        onChange={(dueAt) => set({ dueAt })}
        timeZone={timeZone}
        hint={CalendarMessages.itemDueHint}
        invalid={invalid('dueAt')}
        clearable
      />

      {refusal && (
        <div ref={refusalRef} tabIndex={-1} role="alert" className="grid gap-3 focus:outline-none">
          <Alert variant="warning">
            <p>{refusal.message}</p>
          </Alert>
          {refusal.result && <SubmissionResult result={refusal.result} kind="Reference solution" showHiddenDetails />}
        </div>
      )}

      {tried && (
        <div ref={triedRef} tabIndex={-1} className="grid gap-3 focus:outline-none" data-testid="reference-run">
          <SubmissionResult result={tried} kind="Reference solution" showHiddenDetails />
        </div>
      )}

      <div className="flex flex-wrap items-center justify-end gap-2">
        {saving && (
          <p role="status" className="mr-auto text-sm text-muted-foreground">
            {rendering
              ? 'Drawing the reference solution…'
              : tryReference.isPending
                ? 'Running the reference solution…'
                : 'Checking the reference solution…'}
          </p>
        )}
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button variant="outline" onClick={() => void onRunReference()} disabled={saving}>
          <FlaskConicalIcon aria-hidden="true" />
          Run Reference
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <SaveIcon aria-hidden="true" />
          )}
          Save Exercise
        </Button>
      </div>
    </form>
  );
}
