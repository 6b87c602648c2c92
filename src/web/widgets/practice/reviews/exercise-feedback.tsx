import type { ExerciseLanguage } from '@common/practice';
import { ReviewMessages, type StudentReview } from '@common/reviews';
import { useQueryClient } from '@tanstack/react-query';
import { EyeIcon, EyeOffIcon, MessageSquareTextIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Markdown } from '@web/components/markdown';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDate } from '@web/lib/format-date';
import { plural } from '@web/lib/plural';
import { markFeedbackSeen, reviewKeys, useLessonFeedback } from '../api/reviews';
import { SubmittedFiles } from '../components/further-files';
import { CodeEditor, type LineWidget } from '../editor/code-editor';

/** One comment as it shows under its line in the editor. */
function LineComment({ line, body }: { line: number; body: string }) {
  return (
    <div
      className="my-1 mr-2 ml-1 rounded-md border border-l-4 border-amber-300 border-l-amber-500 bg-amber-50 px-3 py-2 font-sans text-sm whitespace-normal text-foreground dark:border-amber-800 dark:border-l-amber-400 dark:bg-amber-950/60"
      data-testid="line-comment"
      data-line={line}
    >
      <p className="mb-1 flex items-center gap-1.5 text-xs font-semibold text-amber-900 dark:text-amber-100">
        <MessageSquareTextIcon aria-hidden="true" className="size-3.5" />
        Your tutor, on line {line}:
      </p>
      <Markdown markdown={body} headingsBelow={5} className="text-sm" />
    </div>
  );
}

const widgetsOf = (review: StudentReview): LineWidget[] =>
  review.comments.map((c) => ({ id: c.id, line: c.line, content: <LineComment line={c.line} body={c.body} /> }));

/**
 * The tutor's sent feedback on the student's submissions of one exercise. Opening the lesson marks it seen (the mark in
 * the outline goes); the 'New' badge stays for this visit. `lineWidgets` are the comments for the editor, when the
 * editor holds exactly the code that was reviewed.
 */
export function useExerciseFeedback(lessonId: string, exerciseId: string, enabled: boolean, code: string) {
  const query = useLessonFeedback(lessonId, enabled);
  const queryClient = useQueryClient();
  const reviews = useMemo(() => query.data?.reviews.filter((r) => r.exerciseId === exerciseId) ?? [], [query.data, exerciseId]);
  const marked = useRef(new Set<string>());
  useEffect(() => {
    const unseen = reviews.filter((r) => !r.seen && !marked.current.has(r.id));
    if (unseen.length === 0) return;
    for (const r of unseen) marked.current.add(r.id);
    void Promise.all(unseen.map((r) => markFeedbackSeen(r.id)))
      .then(() => queryClient.invalidateQueries({ queryKey: reviewKeys.unseen() }))
      // Not marked this time: the mark stays in the outline, and the next visit tries again.
      .catch(() => unseen.forEach((r) => marked.current.delete(r.id)));
  }, [reviews, queryClient]);
  const onCode = reviews.find((r) => r.code === code);
  const lineWidgets = useMemo(() => (onCode ? widgetsOf(onCode) : undefined), [onCode]);
  return { reviews, lineWidgets, onCodeId: onCode?.id ?? null };
}

type Props = {
  reviews: StudentReview[];
  /** The review whose code the editor holds now, whose comments show in the editor. */
  onCodeId: string | null;
  language: ExerciseLanguage;
  title: string;
};

/** 'Your tutor's feedback': the overall comment, and where the line comments are. */
export function ExerciseFeedback({ reviews, onCodeId, language, title }: Props) {
  const headingId = useId();
  if (reviews.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50/60 p-3 dark:border-amber-800 dark:bg-amber-950/30"
      data-testid="tutor-feedback"
    >
      <h4 id={headingId} className="flex items-center gap-2 font-semibold">
        <MessageSquareTextIcon aria-hidden="true" className="size-4" />
        {ReviewMessages.yourTutorsFeedback}
      </h4>
      {reviews.map((r) => (
        <ReviewNote key={r.id} review={r} onCode={r.id === onCodeId} language={language} title={title} />
      ))}
    </section>
  );
}

function ReviewNote({
  review,
  onCode,
  language,
  title,
}: {
  review: StudentReview;
  onCode: boolean;
  language: ExerciseLanguage;
  title: string;
}) {
  const [showCode, setShowCode] = useState(false);
  const codeId = useId();
  const lineWidgets = useMemo(() => widgetsOf(review), [review]);
  const what = review.mode === 'run' ? 'Run' : 'Submit';
  return (
    <div className="grid gap-2 border-t border-amber-200 pt-2 first-of-type:border-t-0 first-of-type:pt-0 dark:border-amber-900">
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {!review.seen && <Badge variant="amber">New</Badge>}
        On your {what} of {formatDate(review.submittedAt)}, sent {formatDate(review.sentAt)}
        {review.comments.length > 0 && ` · ${plural(review.comments.length, 'comment')} on lines`}
      </p>
      {review.overallComment.trim() && <Markdown markdown={review.overallComment} headingsBelow={4} className="text-sm" />}
      {review.comments.length > 0 &&
        (onCode ? (
          <p className="text-sm">The comments are beside their lines in the editor below.</p>
        ) : (
          <>
            <p className="text-sm">{ReviewMessages.codeMovedOn}</p>
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              aria-expanded={showCode}
              aria-controls={codeId}
              onClick={() => setShowCode((s) => !s)}
            >
              {showCode ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
              {showCode ? ReviewMessages.hideReviewedCode : ReviewMessages.showReviewedCode}
            </Button>
            <div id={codeId} hidden={!showCode}>
              {showCode && (
                <SubmittedFiles
                  code={review.code}
                  files={review.files}
                  language={language}
                  owner={`Reviewed code of ${title}`}
                  main={
                    <CodeEditor
                      value={review.code}
                      language={language}
                      label={`Reviewed code of ${title}`}
                      readOnly
                      minHeight="6rem"
                      lineWidgets={lineWidgets}
                    />
                  }
                />
              )}
            </div>
          </>
        ))}
    </div>
  );
}
