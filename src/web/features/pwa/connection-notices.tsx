import { GaugeIcon, WifiOffIcon, XIcon } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { PwaMessages } from './messages';

const card = 'rounded-xl border p-3 pl-4 shadow-lg';
/** The top notices on a narrow screen: a full-width strip at the top of the page (see IN_FLOW_NOTICE_QUERY). */
const strip = 'border-b px-4 py-2.5';

/** Top right while offline: 'No Internet Connection'. */
export function OfflineNotice({ asStrip = false }: { asStrip?: boolean }) {
  return (
    <div role="status" className={`${asStrip ? strip : card} flex gap-3 border-warning-border bg-warning-bg text-warning-foreground`}>
      <WifiOffIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="text-sm font-semibold">{PwaMessages.offlineNotice.title}</p>
        <p className="text-xs">{PwaMessages.offlineNotice.description}</p>
      </div>
    </div>
  );
}

/** Top right after a slow page load: dismissible. */
export function SlowConnectionNotice({ onDismiss, asStrip = false }: { onDismiss: () => void; asStrip?: boolean }) {
  return (
    <div role="status" className={`${asStrip ? strip : card} flex gap-3 bg-popover text-popover-foreground`}>
      <GaugeIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{PwaMessages.slowConnection.title}</p>
        <p className="text-xs text-muted-foreground">{PwaMessages.slowConnection.description}</p>
      </div>
      <Button variant="ghost" size="icon" className="-my-1 size-8" aria-label="Dismiss slow connection notice" onClick={onDismiss}>
        <XIcon aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The bottom-right badge while offline: 'Limited Offline Mode'. */
export function OfflineBadge() {
  return (
    <div
      role="status"
      data-testid="connection-badge"
      data-state="offline"
      className={`${card} bg-popover text-popover-foreground max-sm:py-2`}
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <Badge variant="rose">
          <WifiOffIcon aria-hidden="true" />
          Offline
        </Badge>
        {PwaMessages.offlineBadge.title}
      </p>
      {/* On a phone one line: the notice at the top already says what works. */}
      <p className="mt-1 text-xs leading-relaxed text-muted-foreground max-sm:sr-only">{PwaMessages.offlineBadge.description}</p>
    </div>
  );
}
