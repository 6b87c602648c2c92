import { CheckCircle2Icon, DownloadIcon, SmartphoneIcon, XIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { APP_NAME } from '@web/lib/brand';
import { usePublicConfig } from '@web/lib/public-config';
import { PwaMessages } from './messages';

/** The install banner: shown while the browser offers installation. */
export function InstallBanner({ onInstall, onDismiss }: { onInstall: () => void; onDismiss: () => void }) {
  const appName = usePublicConfig()?.appName ?? APP_NAME;
  return (
    <div
      role="region"
      aria-label="Install the app"
      className="flex items-center gap-3 rounded-xl border bg-popover p-3 text-popover-foreground shadow-lg"
    >
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground max-sm:hidden"
      >
        <SmartphoneIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">Install {appName}</p>
        {/* On a phone the banner stays one line high. */}
        <p className="mt-0.5 text-xs leading-relaxed text-muted-foreground max-sm:sr-only">{PwaMessages.installBanner.description}</p>
      </div>
      <Button size="sm" onClick={onInstall}>
        <DownloadIcon aria-hidden="true" />
        Install
      </Button>
      <Button variant="ghost" size="icon" className="-ml-1 size-8" aria-label="Dismiss install banner" onClick={onDismiss}>
        <XIcon aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The green notice after installation. */
export function InstalledNotice({ onClose }: { onClose: () => void }) {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-xl border border-green-300 bg-green-50 p-3 pl-4 text-green-900 shadow-lg dark:border-green-900 dark:bg-green-950 dark:text-green-100"
    >
      <CheckCircle2Icon aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1 text-sm font-medium">{PwaMessages.installedNotice}</p>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-current hover:bg-green-100 dark:hover:bg-green-900"
        aria-label="Close"
        onClick={onClose}
      >
        <XIcon aria-hidden="true" />
      </Button>
    </div>
  );
}
