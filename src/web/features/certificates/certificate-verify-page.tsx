import type { CertificateVerifyResponse } from '@common/certificates';
import { BadgeCheckIcon, BadgeXIcon, HomeIcon, RotateCcwIcon, SearchXIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@web/lib/paths';
import { MinimalPage } from '@web/components/minimal-page';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api';
import { APP_NAME } from '@web/lib/brand';
import { formatLongUtcDate } from '@web/lib/format-date';
import { useVerifyCertificate } from './api/verify-certificate';

// CertificateMessages.notFound, the server's 404 message; not imported, as @common/certificates
// would bring zod into this public page's download.
const NOT_FOUND = 'Certificate not found';

function Panel({ icon, tone, title, children }: { icon: ReactNode; tone: string; title: string; children: ReactNode }) {
  return (
    <div className="w-full max-w-lg rounded-2xl border bg-card p-8 text-center shadow-sm sm:p-10">
      <div className={`mx-auto mb-5 flex size-14 items-center justify-center rounded-full ${tone}`}>{icon}</div>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

function HomeButton() {
  return (
    <Button asChild variant="outline" className="mt-8">
      <Link to={paths.home}>
        <HomeIcon aria-hidden="true" />
        Back to Home
      </Link>
    </Button>
  );
}

/** /certificates/:certificateId — public: is this certificate real, for whom, which course, when. Nothing else. */
export function CertificateVerifyPage() {
  const { certificateId = '' } = useParams();
  const check = useVerifyCertificate(certificateId);

  if (check.isPending) {
    return (
      <MinimalPage title="Verifying certificate">
        <Spinner label="Verifying certificate..." showLabel />
      </MinimalPage>
    );
  }

  if (check.isError) {
    if (isApiError(check.error) && check.error.status === 404) {
      return (
        <MinimalPage title={NOT_FOUND}>
          <Panel
            title={NOT_FOUND}
            tone="bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200"
            icon={<SearchXIcon className="size-7" aria-hidden="true" />}
          >
            <p className="mt-3 text-muted-foreground">
              No {APP_NAME} certificate has this ID. Check that the link is complete, or ask the certificate holder for a new one.
            </p>
            <HomeButton />
          </Panel>
        </MinimalPage>
      );
    }
    return (
      <MinimalPage title="Unable to verify certificate">
        <Panel
          title="Unable to verify certificate"
          tone="bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200"
          icon={<TriangleAlertIcon className="size-7" aria-hidden="true" />}
        >
          <p role="alert" className="mt-3 text-muted-foreground">
            {check.error.message}
          </p>
          <Button className="mt-8" onClick={() => void check.refetch()} disabled={check.isFetching}>
            <RotateCcwIcon aria-hidden="true" />
            Try Again
          </Button>
        </Panel>
      </MinimalPage>
    );
  }

  const cert = check.data;
  return (
    <MinimalPage title={titleOf(cert)}>
      <CertificateResult cert={cert} />
    </MinimalPage>
  );
}

const titleOf = (cert: CertificateVerifyResponse) => (cert.status === 'revoked' ? 'Certificate revoked' : 'Certificate verified');

/**
 * A certificate that exists: its status in words (never by colour alone), then the three facts it
 * shows. It stays valid after unenrollment or a rejected account; the admin may revoke it, and then
 * the date and the reason are shown (docs/decisions/016).
 */
export function CertificateResult({ cert }: { cert: CertificateVerifyResponse }) {
  const revoked = cert.status === 'revoked';
  return (
    <Panel
      title={titleOf(cert)}
      tone={
        revoked
          ? 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200'
          : 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200'
      }
      icon={revoked ? <BadgeXIcon className="size-7" aria-hidden="true" /> : <BadgeCheckIcon className="size-7" aria-hidden="true" />}
    >
      <p className="mt-3 text-muted-foreground">
        {revoked
          ? `This certificate was issued by ${APP_NAME} and later revoked: it no longer certifies that the course was completed.`
          : `This is a genuine certificate of completion issued by ${APP_NAME}.`}
      </p>
      <p className="mt-4 font-semibold break-words" data-testid="certificate-status">
        {revoked ? (
          <>
            Status: Revoked on{' '}
            <time dateTime={cert.revokedAt ?? undefined}>{cert.revokedAt ? formatLongUtcDate(cert.revokedAt) : 'an unknown date'}</time>
            {cert.revocationReason ? `. Reason: ${cert.revocationReason}` : null}
          </>
        ) : (
          'Status: Valid'
        )}
      </p>
      <dl className="mt-6 divide-y rounded-xl border text-left">
        <div className="px-5 py-4">
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Awarded to</dt>
          <dd className="mt-1 text-lg font-semibold break-words" data-testid="certificate-student">
            {cert.studentName}
          </dd>
        </div>
        <div className="px-5 py-4">
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Course</dt>
          <dd className="mt-1 text-lg font-semibold break-words" data-testid="certificate-course">
            {cert.courseTitle}
          </dd>
        </div>
        <div className="px-5 py-4">
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Completed on</dt>
          <dd className="mt-1 text-lg font-semibold" data-testid="certificate-date">
            <time dateTime={cert.issuedAt}>{formatLongUtcDate(cert.issuedAt)}</time>
          </dd>
        </div>
      </dl>
    </Panel>
  );
}

export { CertificateVerifyPage as Component };
