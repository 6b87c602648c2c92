import { ClockIcon, HomeIcon, LogOutIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@web/app/paths';
import { DocumentTitle } from '@web/components/document-title';
import { Logo } from '@web/components/logo';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';
import { useSignOut } from '@web/lib/use-sign-out';

/** What a signed-in student sees on guarded pages until the tutor approves the account (spec §2). */
export function PendingApprovalScreen() {
  const { signOut, isPending } = useSignOut();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <DocumentTitle title="Account Pending Approval" />
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <ThemeToggle />
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex flex-1 items-center justify-center px-4 py-16 focus:outline-none">
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
      </main>
    </div>
  );
}
