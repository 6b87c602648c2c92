import { CalendarMessages as M, formatInZone } from '@common/calendar';
import { EXTENSION_REASON_MAX, type ExtensionCourse, type GrantExtensionsBody } from '@common/deadline-extensions';
import { CalendarClockIcon, TriangleAlertIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ZonedDateTimeField } from '@web/components/zoned-date-time-field';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';
import { toastSuccess } from '@web/lib/notify';
import { useSchoolTimeZone } from '@web/lib/public-config';
import { useCourseExtensionItems, useGrantExtensions } from '../api/deadline-extensions';

type Named = { id: string; fullName: string };

/** One choice of the item list: a whole chapter, or one of its exercises or quizzes, with its usual due date. */
type Choice = { key: string; kind: 'chapter' | 'exercise' | 'quiz'; id: string; label: string; usualDueAt: string | null };

/** The course's chapters and their items as choices, each with the due date it has without an extension. */
function choicesOf(course: ExtensionCourse): { chapter: string; choices: Choice[] }[] {
  return course.chapters.map((ch) => ({
    chapter: ch.title,
    choices: [
      { key: `chapter:${ch.id}`, kind: 'chapter', id: ch.id, label: `Whole chapter: ${ch.title}`, usualDueAt: ch.dueAt },
      ...ch.items.map((i): Choice => ({
        key: `${i.kind}:${i.id}`,
        kind: i.kind,
        id: i.id,
        label: i.title,
        usualDueAt: i.dueAt ?? ch.dueAt,
      })),
    ],
  }));
}

const namesOf = (students: Named[]) => {
  const names = students.map((s) => s.fullName);
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
};

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whose deadline: one student (their page) or several (Student Management's selection). */
  students: Named[];
  courseId: string;
  courseTitle: string;
  /** The course's chapters and items when the caller has them already; else they are fetched when the dialog opens. */
  course?: ExtensionCourse;
  onGranted?: () => void;
};

/**
 * 'Extend Deadline': a chapter, an exercise or a quiz of one course, the students' new due date as the school's
 * clock shows it, and an optional reason. The server grants it to all the students or to none (its refusal is
 * shown here, in its words); granting again for a student and item replaces their date.
 */
export function ExtendDeadlineDialog(props: Props) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="flex max-h-[92dvh] w-[calc(100%-1rem)] max-w-lg flex-col gap-0 overflow-hidden p-0">
        {/* The form is mounted with the dialog: each opening starts empty. */}
        {props.open && <ExtendDeadlineForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function ExtendDeadlineForm({ onOpenChange, students, courseId, courseTitle, course: given, onGranted }: Props) {
  const zone = useSchoolTimeZone();
  const fetched = useCourseExtensionItems(courseId, !given);
  const course = given ?? fetched.data;
  const grant = useGrantExtensions();
  const [choiceKey, setChoiceKey] = useState('');
  const [dueAt, setDueAt] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const itemId = useId();
  const itemHintId = useId();
  const reasonId = useId();
  const errorId = useId();

  const groups = course ? choicesOf(course) : [];
  const choice = groups.flatMap((g) => g.choices).find((c) => c.key === choiceKey);
  const who = students.length === 1 ? students[0]!.fullName : `${students.length} students (${namesOf(students)})`;

  const choose = (key: string) => {
    setChoiceKey(key);
    const next = groups.flatMap((g) => g.choices).find((c) => c.key === key);
    // The usual date is where the tutor starts from: they move it on.
    if (next?.usualDueAt && dueAt === null) setDueAt(next.usualDueAt);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return setError(M.extensionItemInvalid);
    if (!dueAt) return setError(M.dateInvalid);
    setError(null);
    const item =
      choice.kind === 'chapter' ? { chapterId: choice.id } : choice.kind === 'exercise' ? { exerciseId: choice.id } : { quizId: choice.id };
    const body: GrantExtensionsBody = { studentIds: students.map((s) => s.id), courseId, ...item, dueAt, reason: reason.trim() };
    grant.mutate(body, {
      onSuccess: (data) => {
        toastSuccess(M.extensionGranted(data.granted));
        onGranted?.();
        onOpenChange(false);
      },
      onError: (e) => setError(isApiError(e) && e.status !== 0 ? e.message : 'The deadline could not be extended. Please try again.'),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
      <div className="border-b px-4 py-4 pr-12 sm:px-6">
        <DialogTitle className="break-words">{M.extendDeadline}</DialogTitle>
        <DialogDescription className="mt-1 break-words">
          For {who} in {courseTitle}. Granting again for the same item replaces the date.
        </DialogDescription>
      </div>
      <div className="grid min-h-0 flex-1 gap-5 overflow-y-auto px-4 py-4 sm:px-6">
        {!course ? (
          fetched.isError ? (
            <p role="alert" className="text-sm text-muted-foreground">
              The chapters of {courseTitle} could not be loaded. Close this and try again.
            </p>
          ) : (
            <Spinner label="Loading chapters..." showLabel className="py-6" />
          )
        ) : (
          <>
            <div className="grid gap-2">
              <Label htmlFor={itemId}>{M.extensionItem}</Label>
              <Select id={itemId} value={choiceKey} onChange={(e) => choose(e.target.value)} aria-describedby={itemHintId}>
                <option value="">Choose what to extend</option>
                {groups.map((g) => (
                  <optgroup key={g.chapter} label={g.chapter}>
                    {g.choices.map((c) => (
                      <option key={c.key} value={c.key} disabled={c.usualDueAt === null}>
                        {c.label}
                        {c.usualDueAt === null ? ' (no due date)' : ''}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
              <p id={itemHintId} className="text-xs text-muted-foreground" aria-live="polite">
                {choice?.usualDueAt
                  ? M.extensionUsualDue(formatInZone(choice.usualDueAt, zone))
                  : 'A whole chapter extends its exercises and quizzes that have no due date of their own.'}
              </p>
            </div>
            <ZonedDateTimeField label={M.extensionNewDueDate} value={dueAt} onChange={setDueAt} timeZone={zone} />
            <div className="grid gap-2">
              <Label htmlFor={reasonId}>{M.extensionReason}</Label>
              <Textarea
                id={reasonId}
                rows={2}
                className="min-h-20"
                maxLength={EXTENSION_REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
          </>
        )}
        {error && (
          <p
            id={errorId}
            role="alert"
            className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive dark:text-red-300"
          >
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 border-t px-4 py-3 sm:flex-row sm:justify-end sm:px-6">
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={grant.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!course || grant.isPending} aria-describedby={error ? errorId : undefined}>
          {grant.isPending ? <Spinner /> : <CalendarClockIcon aria-hidden="true" />}
          {grant.isPending ? 'Extending...' : M.extendDeadline}
        </Button>
      </div>
    </form>
  );
}
