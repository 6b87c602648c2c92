import { useCallback, useSyncExternalStore, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@web/lib/cn';
import { OfflineBadge, OfflineNotice, SlowConnectionNotice } from './connection-notices';
import { InstallBanner, InstalledNotice } from './install-banner';
import { IN_FLOW_NOTICE_QUERY, bottomStackPosition } from './overlay-position';
import { UpdatePrompt } from './update-prompt';

const column = 'pointer-events-none fixed z-40 flex flex-col gap-2 [&>*]:pointer-events-auto';

export type OverlayCardsProps = {
  pathname: string;
  top: 'offline' | 'slow' | null;
  onDismissSlow: () => void;
  update: { needRefresh: boolean; reload: () => void; later: () => void };
  install: { canInstall: boolean; justInstalled: boolean; install: () => void; dismiss: () => void; closeInstalledNotice: () => void };
  offline: boolean;
  /** The place at the top of the page, above the header, where a narrow screen shows the top notice (see IN_FLOW_NOTICE_QUERY). */
  topSlot?: RefObject<HTMLElement | null>;
};

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** The top notice: a card at the top right, or on a narrow screen a strip above the page that pushes it down. */
function TopNotice({
  slotRef,
  top,
  onDismissSlow,
}: {
  slotRef?: RefObject<HTMLElement | null>;
  top: 'offline' | 'slow';
  onDismissSlow: () => void;
}) {
  const narrow = useMediaQuery(IN_FLOW_NOTICE_QUERY);
  // Read while rendering: the slot is in the page long before any notice shows.
  const slot = slotRef?.current;
  const asStrip = narrow && !!slot;
  const notice =
    top === 'offline' ? <OfflineNotice asStrip={asStrip} /> : <SlowConnectionNotice onDismiss={onDismissSlow} asStrip={asStrip} />;
  if (asStrip) return createPortal(notice, slot!);
  return <div className={cn(column, 'right-4 top-20 w-[min(22rem,calc(100vw-2rem))]')}>{notice}</div>;
}

/** What the overlays show (loaded only when one of them has something to show). */
export default function OverlayCards({ pathname, top, onDismissSlow, update, install, offline, topSlot }: OverlayCardsProps) {
  // A lesson's controls (Run, Submit, the results, the lesson bar) come first there: the offer waits for another screen.
  const onLesson = pathname.startsWith('/course/');
  return (
    <>
      {top && <TopNotice slotRef={topSlot} top={top} onDismissSlow={onDismissSlow} />}
      <div className={cn(column, bottomStackPosition(pathname))}>
        {update.needRefresh && <UpdatePrompt onReload={update.reload} onLater={update.later} />}
        {install.justInstalled && <InstalledNotice onClose={install.closeInstalledNotice} />}
        {install.canInstall && !onLesson && <InstallBanner onInstall={install.install} onDismiss={install.dismiss} />}
        {offline && <OfflineBadge />}
      </div>
    </>
  );
}
