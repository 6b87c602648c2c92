import { RefreshCwIcon, WifiOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { PwaMessages } from './messages';
import { failedAssetStatus, loadNewVersion, reloadForNewVersion } from './new-version';

type State = 'checking' | 'reloading' | 'notice' | 'unreachable';

/**
 * What a page shows when its files could not be downloaded (new-version.ts). A new version was
 * deployed: the page reloads into it, with a spinner that says so meanwhile; when this tab reloaded
 * for it a moment ago already, the 'A new version is available — Reload' notice instead, so that a
 * second reload is the visitor's choice and never a loop. The server did not answer (offline): a
 * notice to try again. Never an empty page.
 */
export function NewVersionScreen({ error }: { error: unknown }) {
  const [state, setState] = useState<State>('checking');
  // Try Again after a lost connection checks again; Reload (and Try Again once the server answers) reloads.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    void failedAssetStatus().then((status) => {
      if (!current) return;
      if (status === 'unreachable') setState('unreachable');
      else if (attempt > 0) void loadNewVersion();
      else setState(reloadForNewVersion() ? 'reloading' : 'notice');
    });
    return () => {
      current = false;
    };
  }, [error, attempt]);
  const reload = () => {
    if (state === 'unreachable') {
      setState('checking');
      setAttempt((n) => n + 1);
      return;
    }
    setState('reloading');
    void loadNewVersion();
  };
  return (
    <main id="main-content" className="flex min-h-dvh items-center justify-center bg-background px-4 py-16 text-foreground">
      {state === 'checking' || state === 'reloading' ? (
        <Spinner label={state === 'reloading' ? 'Loading the new version...' : 'Loading...'} showLabel />
      ) : (
        <div role="alert" className="flex w-full max-w-md flex-col items-center gap-4 rounded-2xl border bg-card p-8 text-center shadow-sm">
          <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            {state === 'notice' ? (
              <RefreshCwIcon className="size-6" aria-hidden="true" />
            ) : (
              <WifiOffIcon className="size-6" aria-hidden="true" />
            )}
          </div>
          <h1 className="text-xl font-semibold tracking-tight">
            {state === 'notice' ? PwaMessages.update.title : 'This page could not be loaded'}
          </h1>
          <p className="text-sm text-muted-foreground">
            {state === 'notice'
              ? 'The page you opened belongs to it. Reload to open it in the new version.'
              : 'The server could not be reached. Check your connection and try again.'}
          </p>
          <Button onClick={reload}>
            <RefreshCwIcon aria-hidden="true" />
            {state === 'notice' ? PwaMessages.update.action : 'Try Again'}
          </Button>
        </div>
      )}
    </main>
  );
}
