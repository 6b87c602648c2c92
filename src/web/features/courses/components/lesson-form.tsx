import { LESSON_SUMMARY_MAX, LESSON_TITLE_MAX, LessonMessages, URL_MAX, type Lesson, type LessonType } from '@common/courses';
import type { UploadedFile } from '@common/files';
import { toEmbedUrl } from '@common/video';
import { LoaderCircleIcon, PlusIcon, SaveIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { toastInvalid, toastSuccess } from '@web/lib/notify';
import { useAddLesson } from '../api/add-lesson';
import { useUpdateLesson } from '../api/update-lesson';
import { toastFailure } from '@web/lib/notify';
import { PdfUploadField } from './pdf-upload-field';

export const lessonTypeLabels: Record<LessonType, string> = {
  VIDEO: 'Video',
  PDF: 'PDF',
  MIXED: 'Mixed (video and PDF)',
};

type ChosenFile = Pick<UploadedFile, 'id' | 'name' | 'sizeBytes'>;
type Draft = {
  title: string;
  lessonType: LessonType | '';
  videoUrl: string;
  pdf: ChosenFile | null;
  tutorial: ChosenFile | null;
  /** A lesson made with a PDF's web address (a bulk upload's) keeps it until a file replaces it or it is removed. */
  pdfUrl: string | null;
  tutorialPdfUrl: string | null;
  summary: string;
};
const emptyDraft: Draft = {
  title: '',
  lessonType: '',
  videoUrl: '',
  pdf: null,
  tutorial: null,
  pdfUrl: null,
  tutorialPdfUrl: null,
  summary: '',
};

/** The lesson as the form shows it for editing: its video's address as stored, its files, its summary. */
function draftOf(lesson: Lesson): Draft {
  return {
    title: lesson.title,
    lessonType: lesson.lessonType,
    videoUrl: lesson.videoUrl ?? '',
    pdf: lesson.pdfFile,
    tutorial: lesson.tutorialFile,
    pdfUrl: lesson.pdfFile ? null : lesson.pdfUrl,
    tutorialPdfUrl: lesson.tutorialFile ? null : lesson.tutorialPdfUrl,
    summary: lesson.summary,
  };
}

/** What the lesson needs before it is sent, or undefined when it may go. */
function problemOf(draft: Draft): string | undefined {
  const hasVideo = draft.videoUrl.trim() !== '';
  const hasPdf = draft.pdf !== null || draft.pdfUrl !== null;
  if (draft.lessonType === 'VIDEO' && !hasVideo) return LessonMessages.videoRequired;
  if (draft.lessonType === 'PDF' && !hasPdf) return LessonMessages.pdfRequired;
  if (draft.lessonType === 'MIXED' && !(hasVideo && hasPdf)) return LessonMessages.bothRequired;
  if (hasVideo && draft.lessonType !== 'PDF') {
    const embed = toEmbedUrl(draft.videoUrl);
    if (!embed.ok) return embed.message;
  }
  return undefined;
}

/**
 * Adds a lesson at the end of one chapter (and stays open afterwards, emptied, for the next one), or, given `lesson`,
 * edits that lesson in place ('Edit Lesson'): its exercises, quiz and the students' progress stay.
 */
export function LessonForm({
  courseId,
  chapterId,
  chapterTitle,
  lesson,
  onCancel,
  onSaved,
}: {
  courseId: string;
  chapterId: string;
  chapterTitle: string;
  lesson?: Lesson;
  onCancel: () => void;
  onSaved?: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => (lesson ? draftOf(lesson) : emptyDraft));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const addLesson = useAddLesson(courseId);
  const updateLesson = useUpdateLesson(courseId);
  const saving = addLesson.isPending || updateLesson.isPending;
  const titleRef = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), type: useId(), video: useId(), videoHint: useId(), summary: useId() };

  const wantsVideo = draft.lessonType === 'VIDEO' || draft.lessonType === 'MIXED';
  const wantsPdf = draft.lessonType === 'PDF' || draft.lessonType === 'MIXED';
  const ready = draft.title.trim() !== '' && draft.lessonType !== '';
  const embed = wantsVideo && draft.videoUrl.trim() ? toEmbedUrl(draft.videoUrl) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || draft.lessonType === '' || saving) return;
    const problem = problemOf(draft);
    if (problem) return toastInvalid('Validation Error', problem);
    const body = {
      title: draft.title.trim(),
      lessonType: draft.lessonType,
      videoUrl: wantsVideo ? draft.videoUrl.trim() : undefined,
      pdfFileId: wantsPdf ? draft.pdf?.id : undefined,
      pdfUrl: wantsPdf && !draft.pdf ? (draft.pdfUrl ?? undefined) : undefined,
      tutorialFileId: draft.tutorial?.id,
      tutorialPdfUrl: draft.tutorial ? undefined : (draft.tutorialPdfUrl ?? undefined),
      summary: draft.summary.trim(),
    };
    if (lesson) {
      updateLesson.mutate(
        { lessonId: lesson.id, ...body },
        {
          onSuccess: () => {
            toastSuccess('Lesson updated');
            onSaved?.();
          },
          onError: (err) => toastFailure(err, 'Failed to update lesson'),
        },
      );
      return;
    }
    addLesson.mutate(
      { chapterId, ...body },
      {
        onSuccess: () => {
          toastSuccess('Lesson added successfully');
          setDraft(emptyDraft);
          titleRef.current?.focus();
        },
        onError: (err) => toastFailure(err, 'Failed to add lesson'),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={lesson ? `Edit lesson “${lesson.title}”` : `Add a lesson to ${chapterTitle}`}
      className="grid grid-cols-1 gap-4 rounded-lg border bg-background/60 p-4"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[2fr_1fr]">
        <div className="grid gap-2">
          <Label htmlFor={ids.title}>Lesson Title</Label>
          <Input
            ref={titleRef}
            id={ids.title}
            autoFocus
            maxLength={LESSON_TITLE_MAX}
            placeholder="e.g. Variables and types"
            value={draft.title}
            onChange={(e) => set({ title: e.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.type}>Lesson Type</Label>
          <Select id={ids.type} value={draft.lessonType} onChange={(e) => set({ lessonType: e.target.value as LessonType | '' })}>
            <option value="" disabled>
              Select a type
            </option>
            {(Object.keys(lessonTypeLabels) as LessonType[]).map((type) => (
              <option key={type} value={type}>
                {lessonTypeLabels[type]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {wantsVideo && (
        <div className="grid gap-2">
          <Label htmlFor={ids.video}>Video URL</Label>
          <Input
            id={ids.video}
            type="url"
            inputMode="url"
            maxLength={URL_MAX}
            placeholder="https://www.youtube.com/watch?v=..."
            aria-describedby={ids.videoHint}
            aria-invalid={embed && !embed.ok ? true : undefined}
            value={draft.videoUrl}
            onChange={(e) => set({ videoUrl: e.target.value })}
          />
          <p id={ids.videoHint} className="text-xs break-all text-muted-foreground">
            {embed === undefined
              ? 'A YouTube or Vimeo link is turned into its embeddable address; other web addresses are used as they are.'
              : embed.ok
                ? `Will be embedded as ${embed.url}`
                : embed.message}
          </p>
        </div>
      )}

      {(wantsPdf || draft.lessonType !== '') && (
        <div className={wantsPdf ? 'grid grid-cols-1 gap-4 md:grid-cols-2' : 'grid grid-cols-1 gap-4'}>
          {wantsPdf && (
            <PdfUploadField
              kind="pdf"
              label="PDF File"
              hint="The lesson's PDF, uploaded as soon as you choose it."
              file={draft.pdf}
              onChange={(pdf) => set({ pdf, pdfUrl: null })}
              required
              externalUrl={draft.pdfUrl}
              onRemoveExternal={() => set({ pdfUrl: null })}
            />
          )}
          <PdfUploadField
            kind="tutorial"
            label="Tutorial PDF"
            hint="Exercises or notes students can download with the lesson."
            file={draft.tutorial}
            onChange={(tutorial) => set({ tutorial, tutorialPdfUrl: null })}
            externalUrl={draft.tutorialPdfUrl}
            onRemoveExternal={() => set({ tutorialPdfUrl: null })}
          />
        </div>
      )}

      <div className="grid gap-2">
        <Label htmlFor={ids.summary}>
          Summary <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={ids.summary}
          className="min-h-20"
          maxLength={LESSON_SUMMARY_MAX}
          placeholder="What this lesson covers"
          value={draft.summary}
          onChange={(e) => set({ summary: e.target.value })}
        />
      </div>

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!ready || saving}>
          {saving ? (
            <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : lesson ? (
            <SaveIcon aria-hidden="true" />
          ) : (
            <PlusIcon aria-hidden="true" />
          )}
          {lesson ? (saving ? 'Saving...' : 'Save Lesson') : saving ? 'Adding...' : 'Add Lesson'}
        </Button>
      </div>
    </form>
  );
}
