import { RefreshCwIcon, XIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { PwaMessages } from './messages';

/** 'A new version is available — Reload' (see use-service-worker.ts). */
export function UpdatePrompt({ onReload, onLater }: { onReload: () => void; onLater: () => void }) {
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl border bg-popover p-3 pl-4 text-popover-foreground shadow-lg">
      <RefreshCwIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <p className="min-w-0 flex-1 text-sm font-medium">{PwaMessages.update.title}</p>
      <Button size="sm" onClick={onReload}>
        {PwaMessages.update.action}
      </Button>
      <Button variant="ghost" size="icon" className="size-8" aria-label="Later" onClick={onLater}>
        <XIcon aria-hidden="true" />
      </Button>
    </div>
  );
}
