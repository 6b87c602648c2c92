import type { UploadedFile, UploadKind } from '@common/files';
import { UploadMessages } from '@common/files';
import { FileTextIcon, LoaderCircleIcon, UploadIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { FileDrop } from '@web/components/ui/file-drop';
import { Label } from '@web/components/ui/label';
import { isApiError } from '@web/lib/api';
import { toastInvalid, toastSuccess } from '@web/lib/notify';
import { useUploadPdf } from '../api/upload-pdf';
import { formatFileSize } from '../format';

const looksLikePdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/**
 * A PDF chosen here is uploaded at once (the server checks it really is a PDF); the form then only
 * sends the file's id with the lesson.
 */
export function PdfUploadField({
  kind,
  label,
  hint,
  file,
  onChange,
  required = false,
  externalUrl = null,
  onRemoveExternal,
}: {
  kind: UploadKind;
  label: string;
  hint: string;
  file: Pick<UploadedFile, 'id' | 'name' | 'sizeBytes'> | null;
  onChange: (file: UploadedFile | null) => void;
  required?: boolean;
  /** A PDF the lesson reads from a web address instead of an upload (made by a bulk upload); an upload replaces it. */
  externalUrl?: string | null;
  onRemoveExternal?: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const upload = useUploadPdf();
  const tutorial = kind === 'tutorial';

  const onFile = (chosen: File) => {
    if (!looksLikePdf(chosen)) return toastInvalid('Invalid File', tutorial ? UploadMessages.notPdfTutorial : UploadMessages.notPdf);
    upload.mutate(
      { file: chosen, kind },
      {
        onSuccess: (uploaded) => {
          onChange(uploaded);
          toastSuccess(tutorial ? 'Tutorial PDF uploaded successfully' : 'PDF uploaded successfully');
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 401) return;
          const title = tutorial ? UploadMessages.failedTitleTutorial : UploadMessages.failedTitle;
          toast.error(isApiError(error) && error.title ? error.title : title, {
            description: isApiError(error) ? error.message : tutorial ? 'Failed to upload tutorial PDF' : 'Failed to upload PDF',
          });
        },
      },
    );
  };

  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={inputId}>
        {label}
        {!required && <span className="font-normal text-muted-foreground"> (optional)</span>}
      </Label>
      {file ? (
        <div className="flex items-center gap-3 rounded-lg border bg-muted/50 px-3 py-2">
          <FileTextIcon className="size-5 shrink-0 text-red-700 dark:text-red-400" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium" data-testid={`${kind}-file-name`}>
              {file.name}
            </p>
            <p className="text-xs text-muted-foreground">{formatFileSize(file.sizeBytes)} · uploaded</p>
          </div>
          <Button variant="ghost" size="icon" className="size-8" onClick={() => onChange(null)} aria-label={`Remove ${file.name}`}>
            <XIcon aria-hidden="true" />
          </Button>
        </div>
      ) : externalUrl ? (
        <div className="flex items-center gap-3 rounded-lg border bg-muted/50 px-3 py-2">
          <FileTextIcon className="size-5 shrink-0 text-red-700 dark:text-red-400" aria-hidden="true" />
          <p className="min-w-0 flex-1 text-sm break-all">{externalUrl}</p>
          <Button variant="ghost" size="icon" className="size-8" onClick={onRemoveExternal} aria-label={`Remove ${externalUrl}`}>
            <XIcon aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <FileDrop id={inputId} accept="application/pdf,.pdf" aria-describedby={hintId} onFile={onFile} disabled={upload.isPending}>
          {upload.isPending ? (
            <span className="flex items-center gap-2" role="status">
              <LoaderCircleIcon className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
              Uploading...
            </span>
          ) : (
            <>
              <UploadIcon className="size-5" aria-hidden="true" />
              <span>
                <span className="font-medium text-primary">Choose a PDF</span> or drop it here
              </span>
            </>
          )}
        </FileDrop>
      )}
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
