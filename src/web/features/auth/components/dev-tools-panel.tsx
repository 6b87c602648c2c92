import { ChevronDownIcon, WrenchIcon, ZapIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@common/limits';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { toastError } from '@web/lib/notify';
import { useDevLogin, useDevTools } from '../api/dev-tools';
import { useCompleteSignIn } from '../use-complete-sign-in';

const openByDefault = () => typeof matchMedia === 'function' && matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`).matches;

/** Outside production only (the server answers 403 there and the panel stays hidden): quick login as a test student. */
export function DevToolsPanel() {
  const devTools = useDevTools();
  const devLogin = useDevLogin();
  const completeSignIn = useCompleteSignIn();
  const [open, setOpen] = useState(openByDefault);
  const panelId = useId();
  const testUsers = devTools.data?.testUsers;
  if (!testUsers) return null;

  return (
    <aside aria-label="Dev Tools" className="fixed bottom-4 right-4 z-30 flex w-[min(22rem,calc(100vw-2rem))] flex-col items-end gap-2">
      {open && (
        <div id={panelId} className="w-full rounded-xl border bg-popover p-4 text-popover-foreground shadow-xl">
          <h2 className="flex items-center gap-2 text-sm font-semibold">
            <WrenchIcon className="size-4" aria-hidden="true" />
            Dev Tools
          </h2>
          <p className="mt-1.5 text-xs leading-relaxed text-muted-foreground">
            Development only. Sign in as a built-in test student with one click, or enter their e-mail above and use the development code
            shown in the README.
          </p>
          <ul className="mt-3 space-y-2">
            {testUsers.map((user) => (
              <li key={user.email} className="flex items-center gap-3 rounded-lg border p-2.5">
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 text-sm font-medium">
                    <span className="truncate">{user.fullName}</span>
                    <Badge
                      variant={user.approvalStatus === 'approved' ? 'green' : user.approvalStatus === 'pending' ? 'amber' : 'rose'}
                      className="capitalize"
                    >
                      {user.approvalStatus}
                    </Badge>
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{user.email}</p>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Log in as ${user.fullName}`}
                  disabled={devLogin.isPending}
                  onClick={() =>
                    devLogin.mutate(user.email, {
                      onSuccess: completeSignIn,
                      onError: (error) => toastError(error, { title: 'Error', message: 'Failed to login test user' }),
                    })
                  }
                >
                  <ZapIcon aria-hidden="true" />
                  Log in
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Button
        variant="outline"
        size="sm"
        className="rounded-full shadow-md"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <WrenchIcon aria-hidden="true" />
        Dev Tools
        <ChevronDownIcon aria-hidden="true" className={open ? '' : 'rotate-180'} />
      </Button>
    </aside>
  );
}
