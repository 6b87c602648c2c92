import { WHY_DOES_MY_CODE_FAIL } from '@common/ai-tutor-texts';
import type { StudentExercise, Submission, SubmissionMode } from '@common/practice';
import { BotIcon, CheckIcon, LoaderCircleIcon, PlayIcon, RotateCcwIcon, SendIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { DueLine, LateResult, LateWarning, useReadAgainWhenDue } from '@web/components/item-due';
import { Markdown } from '@web/components/markdown';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { AskYourTutorButton } from '@web/widgets/questions/ask-your-tutor';
import { askAiTutor, useAiTutorPresent } from '../ask-ai-tutor';
import { practiceKeys } from '../api/practice-keys';
import { diagnosticsOfBrowserErrors } from '../editor/browser-errors';
import { javaRuntimeDiagnostics } from '../editor/java-runtime-errors';
import { RUN_SHORTCUT, shortcutOf, SUBMIT_SHORTCUT } from '../editor/shortcuts';
import { sameFiles } from '../draft-storage';
import { codeAsText, setPracticeFocus } from '../practice-focus';
import { progressText } from '../queue-text';
import { ExerciseFeedback, useExerciseFeedback } from '../reviews/exercise-feedback';
import { useExerciseDraft, type DraftState } from '../use-exercise-draft';
import { useExerciseRun } from '../use-exercise-run';
import { WebglCanvas, type WebglCanvasHandle } from '../webgl/webgl-canvas';
import { ExerciseEditors, MAIN_TAB, mainFileName } from './exercise-editors';
import { LanguageBadge } from './language-badge';
import { ResultSummary, SubmissionResult } from './submission-result';
import { SupportFiles, VisibleTests } from './visible-tests';

/** The button beside a failed result that asks the AI tutor 'Why does my code fail?'. */
export const ASK_AI_TUTOR = 'Ask the AI Tutor';

const draftText: Record<DraftState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  offline: 'You are offline: your code is kept on this device and saved when you are back online.',
  failed: 'Not saved yet: your code is kept on this device and saved with your next change.',
};

type Props = {
  lessonId: string;
  exercise: StudentExercise;
  number: number;
  userId: string | undefined;
  preview: boolean;
  onSubmitted: (submission: Submission) => void;
};

/** One exercise: statement, editor, Run and Submit, and the result of the latest run or submission. */
export function ExerciseCard({ lessonId, exercise, number, userId, preview, onSubmitted }: Props) {
  const titleId = useId();
  const inputId = useId();
  const lateId = useId();
  const { code, files, setCode, setFile, reset, state: draftState } = useExerciseDraft(exercise, userId, preview);
  const severalFiles = exercise.studentFiles.length > 0;
  /** The tab in front (a Java exercise of several files): '' for the main file, else the file's name. */
  const [activeTab, setActiveTab] = useState(MAIN_TAB);
  const run = useExerciseRun(lessonId, exercise.id, exercise.latestSubmission, onSubmitted);
  const [customInput, setCustomInput] = useState('');
  /** The Reset being confirmed: every file ('all'), or the file of one tab. */
  const [confirmReset, setConfirmReset] = useState<{ file: string | 'all' } | null>(null);
  /** What the WebGL code raised in the browser when it was last drawn, and the code it was drawn from. */
  const [webgl, setWebgl] = useState<{ code: string; errors: string[] } | null>(null);
  const webglErrors = webgl?.errors ?? null;
  const aiTutor = useAiTutorPresent();
  const [rendering, setRendering] = useState(false);
  const [activeMode, setActiveMode] = useState<SubmissionMode | null>(null);
  const canvas = useRef<WebglCanvasHandle>(null);
  const isWebgl = exercise.language === 'webgl';
  const submission = run.submission;
  const waiting = submission && submission.status !== 'done' && run.phase === 'waiting';
  const busy = run.busy || rendering;
  const blocked = !exercise.runnable.ok;
  // Past the student's due date in a course whose late submissions are closed: Run still runs, Submit is refused.
  const lateClosed = exercise.due?.lateNow?.accepted === false;
  const queryClient = useQueryClient();
  useReadAgainWhenDue(
    exercise.due,
    useCallback(() => void queryClient.invalidateQueries({ queryKey: practiceKeys.lessonExercises(lessonId) }), [queryClient, lessonId]),
  );
  // The AI tutor beside the lesson sees the exercise the student works on: the one they last typed
  // in, or one whose last submission failed.
  const touched = useRef(false);
  const lastFailed = submission?.status === 'done' && submission.mode === 'submit' && submission.result?.verdict !== 'passed';
  const focusFiles = severalFiles ? files : undefined;
  useEffect(() => {
    if (touched.current || lastFailed)
      setPracticeFocus({ lessonId, exerciseId: exercise.id, title: exercise.title, code, files: focusFiles, lastFailed });
  }, [lessonId, exercise.id, exercise.title, code, focusFiles, lastFailed]);
  const edit = (next: string) => {
    touched.current = true;
    setCode(next);
  };
  const editFile = (name: string, next: string) => {
    touched.current = true;
    setFile(name, next);
  };
  // The compiler's marks and where a Java program threw (for WebGL, the lines the browser's errors name) belong to the
  // code they were made for, every file of it: once it changes they are dropped.
  const graded = submission?.result && submission.code === code && sameFiles(submission.files, files) ? submission.result : null;
  const drawn = webgl && webgl.code === code ? webgl.errors : null;
  const diagnostics = useMemo(() => {
    if (drawn) return diagnosticsOfBrowserErrors(drawn);
    if (!graded) return undefined;
    if (exercise.language !== 'java') return graded.diagnostics;
    const names = files.map((f) => f.name);
    return [...graded.diagnostics, ...javaRuntimeDiagnostics(graded, mainFileName('java', code), names)];
  }, [drawn, graded, exercise.language, files, code]);
  // The tutor's feedback: its comments beside their lines while the editor holds the reviewed code.
  const feedback = useExerciseFeedback(lessonId, exercise.id, !preview, code);

  async function start(mode: SubmissionMode) {
    if (busy || blocked || (mode === 'submit' && lateClosed)) return;
    setActiveMode(mode);
    try {
      if (!isWebgl) {
        const input = customInput.trim() === '' ? undefined : customInput;
        return await run.start({
          mode,
          code,
          ...(severalFiles ? { files } : {}),
          ...(mode === 'run' && input !== undefined ? { customInput: input } : {}),
        });
      }
      // WebGL draws in the browser: Run only shows the picture; Submit sends it to be checked. Either way the last
      // result goes, as the new picture replaces the one it was about.
      run.clear();
      setRendering(true);
      setWebgl(null);
      const outcome = await canvas.current!.render(code);
      setRendering(false);
      setWebgl({ code, errors: outcome.errors });
      if (mode === 'submit' && outcome.image) await run.start({ mode, code, image: outcome.image });
    } finally {
      setActiveMode(null);
    }
  }

  // Reset says what it replaces: the exercise's code, every file of it, or one file (a tab's).
  const resetFile = confirmReset && confirmReset.file !== 'all' ? confirmReset.file : null;
  const resetName = resetFile === null ? null : resetFile === MAIN_TAB ? mainFileName(exercise.language, code) : resetFile;
  const resetTitle = resetName
    ? `Reset ${resetName} to its starter code?`
    : severalFiles
      ? 'Reset every file to its starter code?'
      : 'Reset to starter code?';
  const resetDescription = resetName
    ? `Your code in ${resetName} will be replaced by its starter code; your other files stay as they are. This cannot be undone.`
    : severalFiles
      ? 'Your code in every file of this exercise will be replaced by the starter code. This cannot be undone.'
      : 'Your code in this exercise will be replaced by the starter code. This cannot be undone.';

  const modeIcon = (mode: SubmissionMode) =>
    activeMode === mode ? (
      <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
    ) : mode === 'run' ? (
      <PlayIcon aria-hidden="true" />
    ) : (
      <SendIcon aria-hidden="true" />
    );

  const status = rendering ? 'Drawing…' : run.phase === 'sending' ? 'Sending…' : waiting ? progressText(submission) : '';
  const done = submission?.status === 'done' && submission.result ? submission : null;
  const kind = done?.mode === 'run' ? 'Run' : 'Submitted';
  const failed =
    !status && ((done && (done.result!.verdict === 'failed' || done.result!.verdict === 'compile_error')) || !!webglErrors?.length);

  // 'Ask the AI Tutor': the AI tutor beside the lesson opens on this exercise (its code goes with the question) and asks why it fails.
  function askWhy() {
    touched.current = true;
    setPracticeFocus({ lessonId, exerciseId: exercise.id, title: exercise.title, code, files: focusFiles, lastFailed: true });
    askAiTutor(lessonId, WHY_DOES_MY_CODE_FAIL);
  }
  // Beside it, 'Ask Your Tutor' (the person): the draft and this result go with the question. Not in the tutor's preview.
  const askButton = failed && (aiTutor || !preview) && (
    <div className="flex flex-wrap items-center gap-2">
      {aiTutor && (
        <Button variant="outline" size="sm" onClick={askWhy}>
          <BotIcon aria-hidden="true" />
          {ASK_AI_TUTOR}
        </Button>
      )}
      {!preview && (
        <AskYourTutorButton
          lessonId={lessonId}
          exerciseId={exercise.id}
          code={codeAsText(code, focusFiles)}
          exerciseTitle={exercise.title}
        />
      )}
    </div>
  );

  return (
    <article aria-labelledby={titleId} className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 sm:p-5" data-testid="exercise">
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="min-w-0 text-lg font-semibold break-words">
          <span className="text-muted-foreground">{number}. </span>
          {exercise.title}
        </h3>
        <LanguageBadge language={exercise.language} />
        {exercise.passed && (
          <Badge variant="green">
            <CheckIcon aria-hidden="true" />
            Passed
          </Badge>
        )}
      </header>
      {exercise.due && <DueLine due={exercise.due} className="-mt-2" />}

      {exercise.statement.trim() && <Markdown markdown={exercise.statement} headingsBelow={3} images="show" />}

      <VisibleTests exercise={exercise} />

      <SupportFiles files={exercise.files} />

      {blocked && (
        <Alert variant="warning">
          <p>{exercise.runnable.reason ?? 'This exercise cannot be run on this server right now.'}</p>
        </Alert>
      )}

      <ExerciseFeedback reviews={feedback.reviews} onCodeId={feedback.onCodeId} language={exercise.language} title={exercise.title} />

      <ExerciseEditors
        title={exercise.title}
        language={exercise.language}
        code={code}
        files={files}
        onCode={edit}
        onFile={editFile}
        diagnostics={diagnostics}
        lineWidgets={feedback.lineWidgets}
        active={activeTab}
        onActive={setActiveTab}
        onRun={() => void start('run')}
        onSubmit={() => void start('submit')}
      />
      {exercise.runnable.ok && exercise.runnable.note && (
        <p className="text-xs text-muted-foreground" data-testid="language-note">
          {exercise.runnable.note}.
        </p>
      )}

      {isWebgl ? (
        <div className="grid gap-2">
          <WebglCanvas ref={canvas} title={`Canvas for ${exercise.title}`} />
          {webglErrors && webglErrors.length > 0 && (
            <div
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
            >
              <p className="font-medium">Your code stopped with an error:</p>
              <ul className="mt-1 list-disc pl-5 font-mono text-xs">
                {webglErrors.map((e, i) => (
                  <li key={i}>{e}</li>
                ))}
              </ul>
            </div>
          )}
          {webglErrors && webglErrors.length > 0 && !done && askButton}
        </div>
      ) : (
        <div className="grid gap-2">
          <Label htmlFor={inputId}>
            Your input <span className="font-normal text-muted-foreground">(optional, used by Run)</span>
          </Label>
          <Textarea
            id={inputId}
            className="min-h-16 font-mono text-sm"
            spellCheck={false}
            placeholder="Standard input for your program"
            value={customInput}
            onChange={(e) => setCustomInput(e.target.value)}
            onKeyDown={(e) => {
              const mode = shortcutOf(e);
              if (!mode || e.nativeEvent.isComposing) return;
              e.preventDefault();
              void start(mode);
            }}
          />
        </div>
      )}

      {/* Told before a late Submit what it costs, beside the button (which it describes). */}
      <LateWarning due={exercise.due} id={lateId} />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={() => void start('run')} disabled={busy || blocked} aria-keyshortcuts={RUN_SHORTCUT}>
          {modeIcon('run')}
          Run
        </Button>
        <Button
          onClick={() => void start('submit')}
          disabled={busy || blocked || lateClosed}
          aria-keyshortcuts={SUBMIT_SHORTCUT}
          aria-describedby={exercise.due?.lateNow ? lateId : undefined}
        >
          {modeIcon('submit')}
          Submit
        </Button>
        {severalFiles ? (
          <>
            <Button variant="ghost" onClick={() => setConfirmReset({ file: activeTab })} disabled={busy}>
              <RotateCcwIcon aria-hidden="true" />
              Reset {activeTab === MAIN_TAB ? mainFileName(exercise.language, code) : activeTab}
            </Button>
            <Button variant="ghost" onClick={() => setConfirmReset({ file: 'all' })} disabled={busy}>
              <RotateCcwIcon aria-hidden="true" />
              Reset All Files
            </Button>
          </>
        ) : (
          <Button variant="ghost" onClick={() => setConfirmReset({ file: 'all' })} disabled={busy}>
            <RotateCcwIcon aria-hidden="true" />
            Reset to starter code
          </Button>
        )}
        {draftText[draftState] && <span className="text-xs text-muted-foreground">{draftText[draftState]}</span>}
      </div>

      {run.error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {run.error}
        </p>
      )}

      {/* One live region for the progress and the summary line: screen readers hear 'Queued',
          'Running…' and then the result, each once, and the page shows each text once. */}
      <div aria-live="polite" aria-atomic="true">
        {status ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            {status}
          </p>
        ) : (
          done && (
            <>
              <ResultSummary result={done.result!} kind={kind} language={exercise.language} />
              {done.late && <LateResult late={done.late} className="mt-2" />}
            </>
          )
        )}
      </div>

      {done && askButton}

      {!status && done && (
        <SubmissionResult result={done.result!} kind={kind} showSummary={false} language={exercise.language} mode={exercise.mode} />
      )}

      <ConfirmDialog
        open={confirmReset !== null}
        onOpenChange={(open) => !open && setConfirmReset(null)}
        title={resetTitle}
        description={resetDescription}
        confirmLabel="Reset Code"
        destructive
        onConfirm={() => {
          if (confirmReset) reset(confirmReset.file === 'all' ? undefined : confirmReset.file);
          setConfirmReset(null);
        }}
      />
    </article>
  );
}
