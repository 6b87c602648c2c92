import { correctSummary, QuizMessages, type QuizAttemptResult, type StudentQuiz, type YourAnswer } from '@common/quizzes';
import {
  CheckCircle2Icon,
  CircleHelpIcon,
  ClipboardCheckIcon,
  LoaderCircleIcon,
  RotateCcwIcon,
  SendIcon,
  WifiOffIcon,
  XCircleIcon,
} from 'lucide-react';
import { ErrorCode } from '@common/error-codes';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { DueLine, LateResult, LateWarning, useReadAgainWhenDue } from '@web/components/item-due';
import { Markdown } from '@web/components/markdown';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { AskYourTutorButton } from '@web/widgets/questions/ask-your-tutor';
import { isApiError } from '@web/lib/api';
import { useSession } from '@web/lib/auth';
import { toastFailure } from '@web/lib/notify';
import { useOnline } from '@web/lib/use-online';
import { clearAnswers, loadAnswers, storeAnswers, toQuizAnswers, unansweredNumbers, type DraftAnswers } from '../answer-storage';
import { useLessonQuiz } from '../api/get-lesson-quiz';
import { useSubmitQuiz } from '../api/submit-quiz';
import { attemptsLeftNow } from '../quiz-attempts';
import { choiceMarkdown } from '../quiz-markdown';

export type LessonQuizProps = {
  lessonId: string;
  /** A graded attempt that completed the lesson (and perhaps the course). */
  onLessonCompleted: (result: QuizAttemptResult) => void;
};

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

function attemptsText(quiz: StudentQuiz) {
  if (quiz.attemptsAllowed === null) return 'Unlimited attempts';
  return `${quiz.attemptsUsed} of ${quiz.attemptsAllowed} ${quiz.attemptsAllowed === 1 ? 'attempt' : 'attempts'} used`;
}

/** The id of a question's group in the form, to bring the student back to it. */
const questionDomId = (lessonId: string, questionId: string) => `quiz-${lessonId}-${questionId}`;

/** The text of a question, in Markdown as the tutor wrote it (headings below the quiz's own). */
function Prompt({ markdown, className }: { markdown: string; className?: string }) {
  return <Markdown markdown={markdown} headingsBelow={3} images="show" className={className} />;
}

/** A choice's text: inline Markdown, so `code` shows as code and a '*' stays a star. */
function ChoiceText({ text, surface }: { text: string; surface?: 'plain' | 'muted' }) {
  return <Markdown markdown={choiceMarkdown(text)} images="show" surface={surface} className="min-w-0" />;
}

/** One question of the form: choices as radio buttons or checkboxes, or a text or number field. */
function QuestionField({
  domId,
  question,
  number,
  value,
  onChange,
  disabled,
}: {
  domId: string;
  question: StudentQuiz['questions'][number];
  number: number;
  value: DraftAnswers[string] | undefined;
  onChange: (value: DraftAnswers[string]) => void;
  disabled: boolean;
}) {
  const id = useId();
  const chosen = new Set(value?.choiceIds ?? []);
  return (
    <li className="rounded-lg border p-3 sm:p-4">
      {/* Named by its number and text; the text is Markdown (blocks and all), which a legend cannot hold. */}
      <fieldset id={domId} disabled={disabled} aria-labelledby={`${id}-title`} className="grid gap-3">
        <div id={`${id}-title`} className="grid gap-1">
          <p className="text-sm font-medium text-muted-foreground">Question {number}</p>
          <Prompt markdown={question.prompt} className="text-base font-medium" />
        </div>
        {question.kind === 'single' || question.kind === 'multiple' ? (
          <div className="grid gap-2">
            {question.kind === 'multiple' && <p className="-mt-1 text-xs text-muted-foreground">Choose every answer that is right.</p>}
            {question.choices.map((c) => (
              <label
                key={c.id}
                className="flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary"
              >
                <input
                  type={question.kind === 'single' ? 'radio' : 'checkbox'}
                  name={`${id}-choice`}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  checked={chosen.has(c.id)}
                  onChange={(e) => {
                    if (question.kind === 'single') return onChange({ choiceIds: [c.id] });
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(c.id);
                    else next.delete(c.id);
                    onChange({ choiceIds: [...next] });
                  }}
                />
                <ChoiceText text={c.text} />
              </label>
            ))}
          </div>
        ) : (
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-text`} className="text-sm text-muted-foreground">
              {question.kind === 'number' ? 'Your answer (a number)' : 'Your answer'}
            </label>
            <Input
              id={`${id}-text`}
              inputMode={question.kind === 'number' ? 'decimal' : undefined}
              autoComplete="off"
              className="max-w-sm"
              value={value?.text ?? ''}
              onChange={(e) => onChange({ text: e.target.value })}
            />
          </div>
        )}
      </fieldset>
    </li>
  );
}

/** What the student answered, as they gave it: the choices' texts, their words (never Markdown) or their number. */
function YourAnswerText({ answer }: { answer: YourAnswer }) {
  if (!answer) return <span className="text-muted-foreground italic">Not answered</span>;
  if (answer.kind === 'text') return <span className="break-words whitespace-pre-wrap">{answer.text.trim()}</span>;
  if (answer.kind === 'number') return <span className="tabular-nums">{String(answer.number)}</span>;
  // On the muted row of the result: inline code takes a chip that stands out from it.
  if (answer.choices.length === 1) return <ChoiceText text={answer.choices[0]!} surface="muted" />;
  return (
    <ul className="grid gap-1">
      {answer.choices.map((text, i) => (
        <li key={i}>
          <ChoiceText text={text} surface="muted" />
        </li>
      ))}
    </ul>
  );
}

/** A graded attempt: 'N of M correct', the score, passed or not, and per question right or wrong with the explanation. */
function AttemptResult({
  lessonId,
  quiz,
  result,
  onTryAgain,
  askTutor,
}: {
  lessonId: string;
  quiz: StudentQuiz;
  result: QuizAttemptResult;
  onTryAgain: (() => void) | null;
  /** Out of attempts without passing: the question to the tutor, who can grant another, ready to send. */
  askTutor: string | null;
}) {
  return (
    <div className="grid gap-4">
      <div
        role="status"
        className={
          result.passed
            ? 'rounded-lg border border-green-300 bg-green-50 p-4 text-green-900 dark:border-green-900 dark:bg-green-950/60 dark:text-green-100'
            : 'rounded-lg border border-warning-border bg-warning-bg p-4 text-warning-foreground'
        }
      >
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-lg font-semibold">
          {result.passed ? (
            <CheckCircle2Icon aria-hidden="true" className="size-5" />
          ) : (
            <XCircleIcon aria-hidden="true" className="size-5" />
          )}
          <span>{correctSummary(result.correctCount, result.questionCount)}</span>
          <span className="tabular-nums">Score {result.score}%</span>
        </p>
        {result.late && <LateResult late={result.late} className="mt-1 text-inherit" />}
        <p className="mt-1 text-sm">
          {result.passed
            ? 'You passed'
            : onTryAgain
              ? `Not passed yet: the pass mark is ${quiz.passMark}%.`
              : `Not passed: the pass mark is ${quiz.passMark}% and no attempts are left.`}
        </p>
        {result.explanationsWithheld && <p className="mt-1 text-sm">{QuizMessages.explanationsLater(quiz.attemptsAllowed === null)}</p>}
      </div>
      <ol className="grid gap-2" aria-label="Your answers, graded">
        {result.questions.map((q, i) => (
          <li key={q.questionId} className="grid gap-2 rounded-lg border p-3 text-sm">
            <div className="grid gap-1">
              <p className="text-muted-foreground">Question {i + 1}</p>
              {q.prompt === null ? <p>A question since removed</p> : <Prompt markdown={q.prompt} className="font-medium" />}
            </div>
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 rounded-md bg-muted/50 px-3 py-2">
              <dl className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2 gap-y-1">
                <dt className="text-muted-foreground">Your answer</dt>
                <dd className="min-w-0 font-medium">
                  <YourAnswerText answer={q.yourAnswer} />
                </dd>
              </dl>
              {q.correct ? (
                <Badge variant="green">
                  <CheckCircle2Icon aria-hidden="true" />
                  Right
                </Badge>
              ) : (
                <Badge variant="rose">
                  <XCircleIcon aria-hidden="true" />
                  Wrong
                </Badge>
              )}
            </div>
            {q.explanation && (
              <div className="grid gap-1">
                <p className="text-muted-foreground">Explanation</p>
                <Prompt markdown={q.explanation} />
              </div>
            )}
          </li>
        ))}
      </ol>
      {onTryAgain && (
        <div>
          <Button variant="outline" onClick={onTryAgain}>
            <RotateCcwIcon aria-hidden="true" />
            Try Again
          </Button>
        </div>
      )}
      {askTutor && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/40 p-3" data-testid="quiz-ask-tutor">
          <p className="text-sm font-medium">{QuizMessages.askTutor}</p>
          <AskYourTutorButton lessonId={lessonId} initialQuestion={askTutor} />
        </div>
      )}
    </div>
  );
}

/** The lesson's quiz, below its exercises: answered here, graded on the server. */
export default function LessonQuiz({ lessonId, onLessonCompleted }: LessonQuizProps) {
  const query = useLessonQuiz(lessonId);
  const submit = useSubmitQuiz(lessonId);
  const online = useOnline();
  const { session } = useSession();
  const userId = session?.user.id ?? 'anonymous';
  const quiz = query.data?.quiz ?? null;
  // The result on screen: the last graded attempt, until the student tries again.
  const [shown, setShown] = useState<QuizAttemptResult | null | undefined>(undefined);
  const [answers, setAnswers] = useState<DraftAnswers>({});
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  // Submit Answers pressed with questions left out: the student is asked before an attempt is spent.
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const lateId = useId();
  const due = quiz?.due ?? null;
  // Past the student's due date in a course whose late submissions are closed: no attempt is taken.
  const lateClosed = due?.lateNow?.accepted === false;
  const { refetch } = query;
  useReadAgainWhenDue(
    due,
    useCallback(() => void refetch(), [refetch]),
  );

  // The answers given before a reload or while offline come back with the quiz.
  useEffect(() => {
    if (!quiz || loadedFor === quiz.id) return;
    setLoadedFor(quiz.id);
    setAnswers(loadAnswers(storage(), userId, quiz.id));
  }, [quiz, loadedFor, userId]);

  const result = shown === undefined ? (quiz?.lastAttempt ?? null) : shown;

  const change = (questionId: string, value: DraftAnswers[string]) => {
    if (!quiz) return;
    const next = { ...answers, [questionId]: value };
    setAnswers(next);
    storeAnswers(storage(), userId, quiz.id, next);
    // Every question answered now: the question 'Submit anyway?' has no reason left.
    if (unansweredNumbers(quiz.questions, next).length === 0) setConfirming(false);
  };

  const unanswered = quiz ? unansweredNumbers(quiz.questions, answers) : [];
  const asking = confirming && unanswered.length > 0;

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  /** Back to the first question left out, to answer it. */
  const goToQuestion = (number: number) => {
    const question = quiz?.questions[number - 1];
    if (!question) return;
    setConfirming(false);
    const group = document.getElementById(questionDomId(lessonId, question.id));
    group?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    group?.querySelector<HTMLElement>('input')?.focus({ preventScroll: true });
  };

  const send = (anyway: boolean) => {
    if (!quiz || !online || submit.isPending || lateClosed) return;
    if (!anyway && unanswered.length > 0) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    submit.mutate(
      { lessonId, answers: toQuizAnswers(quiz.questions, answers) },
      {
        onSuccess: (graded) => {
          clearAnswers(storage(), userId, quiz.id);
          setAnswers({});
          setShown(graded);
          if (graded.lessonCompleted) onLessonCompleted(graded);
          requestAnimationFrame(() => document.getElementById(`quiz-result-${lessonId}`)?.focus());
        },
        onError: (err) => {
          toastFailure(err, 'Your answers could not be graded. Please try again.', 'Not Submitted');
          // Refused as late under 'Closed': the quiz is read again, so the form says so and Submit stays off.
          if (isApiError(err) && err.code === ErrorCode.lateClosed) void query.refetch();
        },
      },
    );
  };

  // A fresh grading knows the attempts left after it, until the quiz is read again (then a granted attempt shows too).
  const attemptsLeft = attemptsLeftNow(quiz, shown);
  const canTryAgain = attemptsLeft === null || attemptsLeft > 0;

  return (
    <section aria-labelledby="lesson-quiz-title" className="grid gap-4 rounded-xl border bg-card p-3 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="lesson-quiz-title" className="flex items-center gap-2 text-lg font-semibold">
          <ClipboardCheckIcon aria-hidden="true" className="size-5 text-muted-foreground" />
          Quiz
        </h3>
        {quiz && (
          <p className="text-sm text-muted-foreground">
            Pass mark {quiz.passMark}% · {attemptsText(quiz)}
          </p>
        )}
      </div>
      {due && <DueLine due={due} className="-mt-2" />}
      {query.isPending ? (
        <Spinner label="Loading the quiz…" showLabel className="py-8" />
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-muted-foreground">
            {online ? 'The quiz could not be loaded.' : 'You are offline. The quiz needs a connection to load.'}
          </p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RotateCcwIcon aria-hidden="true" />
            Try Again
          </Button>
        </div>
      ) : !quiz ? (
        <p className="text-sm text-muted-foreground">This lesson has no quiz.</p>
      ) : result ? (
        <div id={`quiz-result-${lessonId}`} tabIndex={-1} className="focus:outline-none">
          <AttemptResult
            lessonId={lessonId}
            quiz={quiz}
            result={result}
            onTryAgain={
              !result.passed && canTryAgain
                ? () => {
                    setShown(null);
                    void query.refetch();
                  }
                : null
            }
            askTutor={
              !result.passed && !canTryAgain && !quiz.preview && !quiz.passed
                ? QuizMessages.askTutorMessage(quiz.courseTitle, quiz.lessonTitle)
                : null
            }
          />
        </div>
      ) : (
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            send(false);
          }}
        >
          {quiz.preview && <p className="text-sm text-muted-foreground">Preview: your answers are graded but not saved.</p>}
          <ol className="grid gap-3">
            {quiz.questions.map((q, i) => (
              <QuestionField
                key={q.id}
                domId={questionDomId(lessonId, q.id)}
                question={q}
                number={i + 1}
                value={answers[q.id]}
                onChange={(v) => change(q.id, v)}
                disabled={submit.isPending}
              />
            ))}
          </ol>
          {!online && (
            <Alert variant="warning" role="status">
              <WifiOffIcon aria-hidden="true" />
              <p>{QuizMessages.offline}</p>
            </Alert>
          )}
          {/* Told before a late attempt what it costs, beside the button (which it describes). */}
          <LateWarning due={due} id={lateId} />
          {asking ? (
            <div
              ref={confirmRef}
              tabIndex={-1}
              role="group"
              aria-labelledby={`quiz-confirm-${lessonId}`}
              aria-describedby={`quiz-confirm-${lessonId}-why`}
              data-testid="quiz-unanswered"
              className="grid gap-3 rounded-lg border border-warning-border bg-warning-bg p-3 text-warning-foreground focus:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-4"
            >
              <div className="flex items-start gap-2">
                <CircleHelpIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                <div className="grid gap-1">
                  <p id={`quiz-confirm-${lessonId}`} className="font-semibold">
                    {QuizMessages.submitAnyway}
                  </p>
                  <p id={`quiz-confirm-${lessonId}-why`} className="text-sm">
                    {QuizMessages.unanswered(unanswered, quiz.questions.length)}{' '}
                    {QuizMessages.unansweredCountWrong(quiz.preview ? null : attemptsLeft)}
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  disabled={!online || submit.isPending || lateClosed}
                  aria-describedby={due?.lateNow ? lateId : undefined}
                  onClick={() => send(true)}
                >
                  {submit.isPending ? (
                    <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                  ) : (
                    <SendIcon aria-hidden="true" />
                  )}
                  Submit Anyway
                </Button>
                <Button type="button" variant="outline" onClick={() => goToQuestion(unanswered[0]!)}>
                  Answer Question {unanswered[0]}
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="submit"
                disabled={!online || submit.isPending || lateClosed}
                aria-describedby={due?.lateNow ? lateId : undefined}
              >
                {submit.isPending ? (
                  <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                ) : (
                  <SendIcon aria-hidden="true" />
                )}
                Submit Answers
              </Button>
              <p className="text-xs text-muted-foreground">Unanswered questions count as wrong.</p>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
