import { cn } from '@web/lib/cn';
import { OfflineBadge, OfflineNotice, SlowConnectionNotice } from './connection-notices';
import { InstallBanner, InstalledNotice } from './install-banner';
import { bottomStackPosition } from './overlay-position';
import { UpdatePrompt } from './update-prompt';

const column = 'pointer-events-none fixed z-40 flex flex-col gap-2 [&>*]:pointer-events-auto';

export type OverlayCardsProps = {
  pathname: string;
  top: 'offline' | 'slow' | null;
  onDismissSlow: () => void;
  update: { needRefresh: boolean; reload: () => void; later: () => void };
  install: { canInstall: boolean; justInstalled: boolean; install: () => void; dismiss: () => void; closeInstalledNotice: () => void };
  offline: boolean;
};

/** What the overlays show (loaded only when one of them has something to show). */
export default function OverlayCards({ pathname, top, onDismissSlow, update, install, offline }: OverlayCardsProps) {
  return (
    <>
      {top && (
        <div className={cn(column, 'right-4 top-20 w-[min(22rem,calc(100vw-2rem))]')}>
          {top === 'offline' ? <OfflineNotice /> : <SlowConnectionNotice onDismiss={onDismissSlow} />}
        </div>
      )}
      <div className={cn(column, bottomStackPosition(pathname))}>
        {update.needRefresh && <UpdatePrompt onReload={update.reload} onLater={update.later} />}
        {install.justInstalled && <InstalledNotice onClose={install.closeInstalledNotice} />}
        {install.canInstall && <InstallBanner onInstall={install.install} onDismiss={install.dismiss} />}
        {offline && <OfflineBadge />}
      </div>
    </>
  );
}
