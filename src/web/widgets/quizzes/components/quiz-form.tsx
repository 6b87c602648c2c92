import {
  EXPLANATIONS_SHOWN_LABELS,
  QUESTION_KIND_LABELS,
  QUIZ_QUESTIONS_MAX,
  type AdminQuiz,
  type ExplanationsShown,
  type QuestionKind,
} from '@common/quizzes';
import { CalendarMessages } from '@common/calendar';
import { ArrowDownIcon, ArrowUpIcon, CopyIcon, PlusIcon, SaveIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { ZonedDateTimeField } from '@web/components/zoned-date-time-field';
import { isApiError } from '@web/lib/api';
import { toastFailure, toastSuccess } from '@web/lib/notify';
import { useSchoolTimeZone } from '@web/lib/public-config';
import { useSaveQuiz } from '../api/save-quiz';
import {
  draftOf,
  duplicateQuestion,
  inputOf,
  moveQuestion,
  newChoice,
  newQuestion,
  type QuestionDraft,
  type QuizDraft,
} from '../quiz-form-values';

const selectClass =
  'h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const dangerGhost = 'text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-950/50 dark:hover:text-red-300';

/** When the student reads an explanation, as the hint under the field says it. */
const EXPLANATION_HINTS: Record<ExplanationsShown, string> = {
  each_attempt: 'Shown to the student after each graded attempt.',
  at_end: 'Shown to the student once they pass the quiz or have used every attempt.',
};

/** Ids of a question's controls, by its key: focus follows a question when it moves. */
const controlId = (formId: string, key: string, control: 'up' | 'down' | 'duplicate' | 'remove' | 'prompt') =>
  `${formId}-${key}-${control}`;

type QuestionAction = 'up' | 'down' | 'duplicate' | 'remove';

function QuestionEditor({
  formId,
  question,
  number,
  count,
  canDuplicate,
  explanationsShown,
  onChange,
  onAction,
}: {
  formId: string;
  question: QuestionDraft;
  number: number;
  count: number;
  canDuplicate: boolean;
  explanationsShown: ExplanationsShown;
  onChange: (q: QuestionDraft) => void;
  onAction: (action: QuestionAction) => void;
}) {
  const id = useId();
  const cid = (control: Parameters<typeof controlId>[2]) => controlId(formId, question.key, control);
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...question, ...patch });
  const hasChoices = question.kind === 'single' || question.kind === 'multiple';
  return (
    <li className="rounded-lg border p-3 sm:p-4" data-testid="quiz-question">
      <fieldset className="grid gap-3">
        <legend className="sr-only">Question {number}</legend>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold" aria-hidden="true">
            Question {number}
          </p>
          {/* Named by their text, not aria-label: the form's fields are found by their labels, and 'Question' is one. */}
          <div className="flex items-center gap-1">
            <Button
              id={cid('up')}
              type="button"
              variant="ghost"
              size="icon"
              title="Move up"
              disabled={number === 1}
              onClick={() => onAction('up')}
            >
              <ArrowUpIcon aria-hidden="true" />
              <span className="sr-only">Move question {number} up</span>
            </Button>
            <Button
              id={cid('down')}
              type="button"
              variant="ghost"
              size="icon"
              title="Move down"
              disabled={number === count}
              onClick={() => onAction('down')}
            >
              <ArrowDownIcon aria-hidden="true" />
              <span className="sr-only">Move question {number} down</span>
            </Button>
            <Button
              id={cid('duplicate')}
              type="button"
              variant="ghost"
              size="icon"
              title="Duplicate"
              disabled={!canDuplicate}
              onClick={() => onAction('duplicate')}
            >
              <CopyIcon aria-hidden="true" />
              <span className="sr-only">Duplicate question {number}</span>
            </Button>
            <Button
              id={cid('remove')}
              type="button"
              variant="ghost"
              size="icon"
              title="Remove"
              className={dangerGhost}
              onClick={() => onAction('remove')}
            >
              <Trash2Icon aria-hidden="true" />
              <span className="sr-only">Remove question {number}</span>
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={`${id}-kind`} className="text-sm text-muted-foreground">
            Answer type
          </Label>
          <select
            id={`${id}-kind`}
            className={selectClass}
            value={question.kind}
            onChange={(e) => set({ kind: e.target.value as QuestionKind })}
          >
            {Object.entries(QUESTION_KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={cid('prompt')}>Question</Label>
          <Textarea
            id={cid('prompt')}
            rows={2}
            aria-describedby={`${id}-prompt-hint`}
            value={question.prompt}
            onChange={(e) => set({ prompt: e.target.value })}
          />
          <p id={`${id}-prompt-hint`} className="text-xs text-muted-foreground">
            Markdown works here and in the choices: `code` in backticks, **bold**, lists.
          </p>
        </div>

        {hasChoices && (
          <div className="grid gap-2">
            <p className="text-sm font-medium">Choices</p>
            {question.choices.length === 0 && <p className="text-sm text-muted-foreground">No choices yet.</p>}
            <ol className="grid gap-2">
              {question.choices.map((c, j) => (
                <li key={c.key} className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
                  <Input
                    aria-label={`Choice ${j + 1}`}
                    className="min-w-0 flex-1 basis-48"
                    value={c.text}
                    onChange={(e) => set({ choices: question.choices.map((x) => (x.key === c.key ? { ...x, text: e.target.value } : x)) })}
                  />
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={c.correct}
                      onChange={(e) =>
                        set({
                          choices: question.choices.map((x) =>
                            x.key === c.key
                              ? { ...x, correct: e.target.checked }
                              : // One right answer in a single-choice question: marking one unmarks the others.
                                question.kind === 'single' && e.target.checked
                                ? { ...x, correct: false }
                                : x,
                          ),
                        })
                      }
                    />
                    Correct
                  </label>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8 text-muted-foreground"
                    onClick={() => set({ choices: question.choices.filter((x) => x.key !== c.key) })}
                  >
                    <XIcon aria-hidden="true" />
                    <span className="sr-only">Remove choice {j + 1}</span>
                  </Button>
                </li>
              ))}
            </ol>
            <div>
              <Button type="button" variant="outline" size="sm" onClick={() => set({ choices: [...question.choices, newChoice()] })}>
                <PlusIcon aria-hidden="true" />
                Add Choice
              </Button>
            </div>
          </div>
        )}

        {question.kind === 'short' && (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-accepted`}>Accepted Answers</Label>
            <Textarea
              id={`${id}-accepted`}
              rows={3}
              aria-describedby={`${id}-accepted-hint`}
              value={question.accepted}
              onChange={(e) => set({ accepted: e.target.value })}
            />
            <p id={`${id}-accepted-hint`} className="text-xs text-muted-foreground">
              One per line. Compared without case and surrounding spaces.
            </p>
          </div>
        )}

        {/* content-start: each field keeps its label and box at the top of its column, whatever the hints below. */}
        {question.kind === 'number' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid content-start gap-1.5">
              <Label htmlFor={`${id}-number`}>Correct Number</Label>
              <Input
                id={`${id}-number`}
                inputMode="decimal"
                value={question.correctNumber}
                onChange={(e) => set({ correctNumber: e.target.value })}
              />
            </div>
            <div className="grid content-start gap-1.5">
              <Label htmlFor={`${id}-tolerance`}>Tolerance</Label>
              <Input
                id={`${id}-tolerance`}
                inputMode="decimal"
                aria-describedby={`${id}-tolerance-hint`}
                value={question.tolerance}
                onChange={(e) => set({ tolerance: e.target.value })}
              />
              <p id={`${id}-tolerance-hint`} className="text-xs text-muted-foreground">
                Answers this far either side are right too.
              </p>
            </div>
          </div>
        )}

        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-explanation`}>Explanation (optional)</Label>
          <Textarea
            id={`${id}-explanation`}
            rows={2}
            aria-describedby={`${id}-explanation-hint`}
            value={question.explanation}
            onChange={(e) => set({ explanation: e.target.value })}
          />
          <p id={`${id}-explanation-hint`} className="text-xs text-muted-foreground">
            {EXPLANATION_HINTS[explanationsShown]}
          </p>
        </div>
      </fieldset>
    </li>
  );
}

/** The whole quiz of a lesson: settings and questions, saved at once. */
export function QuizForm({ lessonId, quiz, onSaved }: { lessonId: string; quiz: AdminQuiz | null; onSaved: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<QuizDraft>(() => draftOf(quiz));
  const timeZone = useSchoolTimeZone();
  const [error, setError] = useState<string | null>(null);
  const save = useSaveQuiz(lessonId);
  const set = (patch: Partial<QuizDraft>) => setDraft((d) => ({ ...d, ...patch }));
  // The control to focus once the questions are drawn again: a moved question's DOM node is taken out
  // and put back, which drops the focus, and a removed or new one has to hand it somewhere.
  const [focusNext, setFocusNext] = useState<string | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    document.getElementById(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext, draft]);

  const act = (key: string, action: QuestionAction) => {
    const questions = draft.questions;
    const at = questions.findIndex((q) => q.key === key);
    if (action === 'up' || action === 'down') {
      const moved = moveQuestion(questions, key, action === 'up' ? -1 : 1);
      const to = moved.findIndex((q) => q.key === key);
      // At either end the button pressed is disabled: the other one takes the focus.
      const edge = (action === 'up' && to === 0) || (action === 'down' && to === moved.length - 1);
      set({ questions: moved });
      setFocusNext(controlId(id, key, edge ? (action === 'up' ? 'down' : 'up') : action));
    } else if (action === 'duplicate') {
      const { questions: next, copy } = duplicateQuestion(questions, key);
      if (!copy) return;
      set({ questions: next });
      setFocusNext(controlId(id, copy.key, 'prompt'));
    } else {
      const next = questions.filter((q) => q.key !== key);
      set({ questions: next });
      const neighbour = next[Math.min(at, next.length - 1)];
      setFocusNext(neighbour ? controlId(id, neighbour.key, 'prompt') : `${id}-add`);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setError(null);
    save.mutate(
      { lessonId, input: inputOf(draft) },
      {
        onSuccess: () => {
          toastSuccess('Quiz saved');
          onSaved();
        },
        onError: (err) => {
          if (isApiError(err) && err.status === 400) setError(err.message);
          toastFailure(err, 'Failed to save the quiz');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-pass`}>Pass Mark</Label>
          <div className="flex items-center gap-2">
            <Input
              id={`${id}-pass`}
              inputMode="numeric"
              className="w-24"
              aria-describedby={`${id}-pass-hint`}
              value={draft.passMark}
              onChange={(e) => set({ passMark: e.target.value })}
            />
            <span aria-hidden="true">%</span>
          </div>
          <p id={`${id}-pass-hint`} className="text-xs text-muted-foreground">
            Percent of questions right, 0 to 100.
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-attempts`}>Attempts Allowed</Label>
          <Input
            id={`${id}-attempts`}
            inputMode="numeric"
            className="w-28"
            placeholder="Unlimited"
            aria-describedby={`${id}-attempts-hint`}
            value={draft.attemptsAllowed}
            onChange={(e) => set({ attemptsAllowed: e.target.value })}
          />
          <p id={`${id}-attempts-hint`} className="text-xs text-muted-foreground">
            Leave empty for unlimited.
          </p>
        </div>
        <label className="flex items-center gap-2 self-center text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={draft.shuffle}
            onChange={(e) => set({ shuffle: e.target.checked })}
          />
          Shuffle the order for each attempt
        </label>
      </div>
      <ZonedDateTimeField
        label={CalendarMessages.dueDate}
        value={draft.dueAt}
        onChange={(dueAt) => set({ dueAt })}
        timeZone={timeZone}
        hint={CalendarMessages.itemDueHint}
        clearable
      />
      <fieldset className="grid gap-2" aria-describedby={`${id}-explanations-hint`}>
        <legend className="mb-1 text-sm font-medium">Show Explanations</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {(Object.entries(EXPLANATIONS_SHOWN_LABELS) as [ExplanationsShown, string][]).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-explanations`}
                className="size-4 accent-primary"
                checked={draft.explanationsShown === value}
                onChange={() => set({ explanationsShown: value })}
              />
              {label}
            </label>
          ))}
        </div>
        <p id={`${id}-explanations-hint`} className="text-xs text-muted-foreground">
          Shown only once passed or out of attempts, an explanation cannot give the answer away before a retry.
        </p>
      </fieldset>

      <div className="grid gap-3">
        <h3 className="font-semibold">Questions</h3>
        {draft.questions.length === 0 && (
          <p className="rounded-lg border border-dashed p-5 text-center text-sm text-muted-foreground">
            No questions yet. Add Question to write the first.
          </p>
        )}
        <ol className="grid gap-3">
          {draft.questions.map((q, i) => (
            <QuestionEditor
              key={q.key}
              formId={id}
              question={q}
              number={i + 1}
              count={draft.questions.length}
              canDuplicate={draft.questions.length < QUIZ_QUESTIONS_MAX}
              explanationsShown={draft.explanationsShown}
              onChange={(next) => set({ questions: draft.questions.map((x) => (x.key === q.key ? next : x)) })}
              onAction={(action) => act(q.key, action)}
            />
          ))}
        </ol>
        <div>
          <Button
            id={`${id}-add`}
            type="button"
            variant="outline"
            disabled={draft.questions.length >= QUIZ_QUESTIONS_MAX}
            onClick={() => {
              const added = newQuestion();
              set({ questions: [...draft.questions, added] });
              setFocusNext(controlId(id, added.key, 'prompt'));
            }}
          >
            <PlusIcon aria-hidden="true" />
            Add Question
          </Button>
        </div>
      </div>

      {error && (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
        >
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button type="submit" disabled={save.isPending}>
          <SaveIcon aria-hidden="true" />
          Save Quiz
        </Button>
      </div>
    </form>
  );
}
