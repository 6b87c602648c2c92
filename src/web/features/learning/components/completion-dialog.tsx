import { AwardIcon, DownloadIcon, PartyPopperIcon, Share2Icon } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { formatLongDate } from '@web/lib/format-date';
import { certificatePdfHref, useCertificate } from '../api/get-certificate';
import { shareCertificate } from '../share-certificate';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  courseId: string;
  courseTitle: string;
  studentName: string;
  /** The administrator's preview: no certificate exists, nothing to download or share. */
  preview: boolean;
  onContinue: () => void;
};

/** 'Congratulations!': the course is complete and the certificate earned, with a real PDF and a shareable link. */
export function CompletionDialog({ open, onOpenChange, courseId, courseTitle, studentName, preview, onContinue }: Props) {
  const certificate = useCertificate(courseId, open && !preview);
  const issuedAt = certificate.data ? formatLongDate(certificate.data.issuedAt) : preview ? formatLongDate(new Date()) : undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg text-center">
        <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-900/50 dark:text-amber-200">
          <PartyPopperIcon aria-hidden="true" className="size-8" />
        </div>
        <div className="flex flex-col gap-1">
          <DialogTitle className="text-2xl">Congratulations!</DialogTitle>
          <DialogDescription className="text-base font-medium text-foreground">Course Completed!</DialogDescription>
        </div>

        <div className="rounded-xl border bg-muted/50 p-5">
          <dl className="grid gap-3 text-sm">
            <div>
              <dt className="text-muted-foreground">Student</dt>
              <dd className="text-lg font-semibold">{studentName}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Course</dt>
              <dd className="font-semibold">{courseTitle}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Completed</dt>
              <dd className="font-semibold">{issuedAt ?? '…'}</dd>
            </div>
          </dl>
          <Badge variant="amber" className="mt-4">
            <AwardIcon aria-hidden="true" />
            Certificate Earned
          </Badge>
        </div>

        {preview ? (
          <p className="text-sm text-muted-foreground">Preview mode: no certificate is issued and nothing was saved.</p>
        ) : certificate.isPending ? (
          <Spinner label="Loading your certificate..." />
        ) : certificate.isError ? (
          <p role="alert" className="text-sm text-destructive">
            We could not load your certificate. Close this and use View Certificate to try again.
          </p>
        ) : null}

        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
          {!preview && certificate.data && (
            <>
              <Button asChild>
                <a href={certificatePdfHref(courseId)} download>
                  <DownloadIcon aria-hidden="true" />
                  Download Certificate
                </a>
              </Button>
              <Button variant="outline" onClick={() => void shareCertificate(courseTitle, certificate.data.verifyUrl)}>
                <Share2Icon aria-hidden="true" />
                Share
              </Button>
            </>
          )}
          <Button variant={preview ? 'default' : 'ghost'} onClick={onContinue}>
            Continue Learning
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
