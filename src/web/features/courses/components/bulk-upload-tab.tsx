import { BULK_UPLOAD_EXAMPLE, BULK_UPLOAD_MAX_ROWS, type BulkUploadResponse } from '@common/courses-bulk-upload';
import {
  CircleCheckIcon,
  CircleXIcon,
  ClipboardPasteIcon,
  EraserIcon,
  FolderPlusIcon,
  ListTreeIcon,
  LoaderCircleIcon,
  UploadIcon,
} from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toastInvalid } from '@web/lib/notify';
import { useBulkUploadLessons } from '../api/bulk-upload-lessons';
import { toastFailure } from '@web/lib/notify';
import { plural } from '@web/lib/plural';

const columns: { name: string; required: boolean; text: string }[] = [
  {
    name: 'chapter',
    required: true,
    text: 'The chapter title. An existing chapter is matched whatever its capitals; otherwise a new chapter is added at the end.',
  },
  { name: 'lesson', required: true, text: 'The lesson title.' },
  { name: 'type', required: true, text: 'VIDEO, PDF or MIXED (any capitals).' },
  {
    name: 'content',
    required: true,
    text: 'VIDEO: the video URL (YouTube and Vimeo links are made embeddable). PDF: the PDF URL. MIXED: both, as videoUrl|pdfUrl — or the video URL here and the PDF URL in a pdf column.',
  },
  { name: 'summary', required: false, text: 'What the lesson covers.' },
  { name: 'tutorial_pdf', required: false, text: 'The URL of a tutorial PDF students can download.' },
];

function Instructions({ onUseExample }: { onUseExample: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Bulk Upload</CardTitle>
        <CardDescription>
          Paste many lessons at once, one per line, with a header line first. Columns are separated by commas or tabs, so rows copied from a
          spreadsheet work as they are.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-5">
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {columns.map((c) => (
            <div key={c.name} className="contents">
              <dt className="flex items-center gap-2">
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.8125rem]">{c.name}</code>
                <span className={c.required ? 'text-xs font-medium' : 'text-xs text-muted-foreground'}>
                  {c.required ? 'required' : 'optional'}
                </span>
              </dt>
              <dd className="mb-2 text-muted-foreground sm:mb-0">{c.text}</dd>
            </div>
          ))}
        </dl>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          <li>
            Put a value in double quotes when it contains a comma, e.g. "Keywords, types and operators"; write a quote inside quotes as "".
          </li>
          <li>New lessons go after the chapter's existing lessons, in the order of the rows.</li>
          <li>
            A row with a problem is skipped and listed with the reason; all the other rows are added. Fix the failed rows and upload only
            those again.
          </li>
          <li>At most {BULK_UPLOAD_MAX_ROWS.toLocaleString()} rows at a time.</li>
        </ul>
        <div>
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold">Example</h3>
            <Button variant="outline" size="sm" onClick={onUseExample}>
              <ClipboardPasteIcon aria-hidden="true" />
              Use Example
            </Button>
          </div>
          <pre
            tabIndex={0}
            aria-label="Example data"
            className="overflow-x-auto rounded-lg border bg-muted p-3 font-mono text-xs leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {BULK_UPLOAD_EXAMPLE}
          </pre>
        </div>
      </CardContent>
    </Card>
  );
}

function Results({ result, onShowContent }: { result: BulkUploadResponse; onShowContent: () => void }) {
  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle>Upload Results</CardTitle>
        <div className="flex flex-wrap gap-2" role="status">
          <Badge variant="green">
            <CircleCheckIcon aria-hidden="true" />
            {result.successCount} successful
          </Badge>
          <Badge variant={result.errorCount > 0 ? 'rose' : 'secondary'}>
            <CircleXIcon aria-hidden="true" />
            {plural(result.errorCount, 'error')}
          </Badge>
          {result.chaptersCreated > 0 && (
            <Badge variant="secondary">
              <FolderPlusIcon aria-hidden="true" />
              {plural(result.chaptersCreated, 'new chapter')}
            </Badge>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ol className="divide-y rounded-lg border" aria-label="Result per row">
          {result.results.map((r) => (
            <li key={r.row} className="flex items-start gap-3 px-3 py-2.5 text-sm" data-testid="bulk-result" data-status={r.status}>
              {r.status === 'success' ? (
                <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
              ) : (
                <CircleXIcon className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-400" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">
                  <span className="sr-only">{r.status === 'success' ? 'Success: ' : 'Error: '}</span>
                  Row {r.row}: {r.chapter || '(no chapter)'} › {r.lesson || '(no lesson)'}
                </p>
                <p className={r.status === 'success' ? 'text-muted-foreground break-words' : 'text-red-700 break-words dark:text-red-400'}>
                  {r.message}
                </p>
              </div>
            </li>
          ))}
        </ol>
        {result.successCount > 0 && (
          <div>
            <Button variant="outline" size="sm" onClick={onShowContent}>
              <ListTreeIcon aria-hidden="true" />
              View Course Content
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function BulkUploadTab({ courseId, onShowContent }: { courseId: string; onShowContent: () => void }) {
  const [data, setData] = useState('');
  const [result, setResult] = useState<BulkUploadResponse | null>(null);
  const upload = useBulkUploadLessons(courseId);
  const textareaId = useId();
  const hintId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    if (!data.trim()) return toastInvalid('Validation Error', 'Please enter bulk upload data');
    upload.mutate(data, {
      onSuccess: (res) => {
        setResult(res);
        const description = `${res.successCount} lessons created successfully, ${res.errorCount} errors`;
        if (res.errorCount > 0) toast.error('Bulk Upload Completed', { description });
        else toast.success('Bulk Upload Completed', { description });
      },
      onError: (err) => {
        setResult(null);
        toastFailure(err, 'The lessons could not be uploaded. Please try again.', 'Bulk Upload Failed');
      },
    });
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Instructions onUseExample={() => setData(BULK_UPLOAD_EXAMPLE)} />
      <Card>
        <form onSubmit={onSubmit} className="grid gap-3 p-4 sm:p-6">
          <Label htmlFor={textareaId}>Lesson Data</Label>
          <Textarea
            id={textareaId}
            aria-describedby={hintId}
            className="min-h-48 font-mono sm:text-xs"
            spellCheck={false}
            wrap="off"
            placeholder={'chapter,lesson,type,content,summary,tutorial_pdf\n...'}
            value={data}
            onChange={(e) => setData(e.target.value)}
          />
          <p id={hintId} className="text-xs text-muted-foreground">
            The header line first, then one lesson per line.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={upload.isPending}>
              {upload.isPending ? (
                <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              ) : (
                <UploadIcon aria-hidden="true" />
              )}
              {upload.isPending ? 'Uploading...' : 'Upload Lessons'}
            </Button>
            <Button
              variant="outline"
              disabled={upload.isPending || (!data && !result)}
              onClick={() => {
                setData('');
                setResult(null);
              }}
            >
              <EraserIcon aria-hidden="true" />
              Clear
            </Button>
          </div>
        </form>
      </Card>
      {result && <Results result={result} onShowContent={onShowContent} />}
    </div>
  );
}
