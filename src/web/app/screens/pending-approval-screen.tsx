import { ClockIcon, HomeIcon, LogOutIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { MinimalPage } from '@web/components/minimal-page';
import { Button } from '@web/components/ui/button';
import { useSignOut } from '@web/lib/use-sign-out';

/** What a signed-in student sees on guarded pages until the tutor approves the account. */
export function PendingApprovalScreen() {
  const { signOut, isPending } = useSignOut();
  return (
    <MinimalPage title="Account Pending Approval">
      <div className="w-full max-w-md rounded-2xl border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300">
          <ClockIcon className="size-7" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight">Account Pending Approval</h1>
        <p className="mt-3 text-muted-foreground">
          Your account is waiting for administrator approval. You&apos;ll receive an email once your account is approved.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild variant="outline">
            <Link to={paths.home}>
              <HomeIcon aria-hidden="true" />
              Back to Home
            </Link>
          </Button>
          <Button onClick={signOut} disabled={isPending}>
            <LogOutIcon aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </div>
    </MinimalPage>
  );
}
