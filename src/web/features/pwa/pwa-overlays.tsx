import { useEffect, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { afterLoadAndIdle } from '@web/lib/after-load';
import { useOnline } from '@web/lib/use-online';
import { useSettled } from '@web/lib/use-settled';
import { useSlowPageLoad } from './slow-connection';
import { useConnectionToasts } from './use-connection-toasts';
import { useInstallPrompt } from './use-install-prompt';
import { useServiceWorker } from './use-service-worker';

// The cards are not part of any page's first download (only the listeners are): they are fetched
// once the page has loaded and gone idle, so they are at hand when the connection drops before the
// service worker has kept them. Should that fetch fail (offline on a first visit), it is tried again
// when the connection drops (the service worker may answer) and when it returns, even while a card
// is still wanted; the page itself never breaks for them.
type CardsModule = typeof import('./overlay-cards');
let cards: Promise<CardsModule> | undefined;
const loadCards = () =>
  (cards ??= import('./overlay-cards').catch((error: unknown) => {
    cards = undefined;
    throw error;
  }));

function useOverlayCards(needed: boolean): CardsModule['default'] | null {
  const [module, setModule] = useState<CardsModule | null>(null);
  useEffect(() => {
    if (module) return;
    let current = true;
    // A failed fetch (offline, and no service worker yet) is tried again when the connection returns.
    const retry = () => load();
    const load = (): void =>
      void loadCards().then(
        (m) => current && setModule(m),
        () => current && window.addEventListener('online', retry, { once: true }),
      );
    // At once when a card is to show; otherwise once the page is idle after its load.
    const cancel = needed ? (load(), () => undefined) : afterLoadAndIdle(load, { settle: false });
    return () => {
      current = false;
      window.removeEventListener('online', retry);
      cancel();
    };
  }, [module, needed]);
  return module?.default ?? null;
}

/**
 * The global overlays of every page: connection toasts; top right, the offline or
 * slow-connection notice (on a narrow screen a strip in `topSlot`, at the top of the page);
 * bottom right, the new-version prompt, the install banner and notice (not on a lesson's screen), and
 * the offline badge. Nothing shows while all is well: a badge that only says "Online" covered controls on a phone.
 */
export function PwaOverlays({ topSlot }: { topSlot?: RefObject<HTMLElement | null> }) {
  useConnectionToasts();
  const online = useOnline();
  const slow = useSlowPageLoad();
  const [slowDismissed, setSlowDismissed] = useState(false);
  const install = useInstallPrompt();
  const update = useServiceWorker();
  const { pathname } = useLocation();
  // The browser may offer installation while the page is still loading (Chromium does so at once
  // for an installable app): the banner waits until the page has settled, so that neither its code
  // nor its render competes with the page's own first screen.
  const settled = useSettled();
  const canInstall = settled && install.canInstall;

  const top = !online ? 'offline' : slow && !slowDismissed ? 'slow' : null;
  const needed = Boolean(top) || !online || update.needRefresh || canInstall || install.justInstalled;
  const OverlayCards = useOverlayCards(needed);
  if (!OverlayCards) return null;
  return (
    <OverlayCards
      pathname={pathname}
      top={top}
      onDismissSlow={() => setSlowDismissed(true)}
      update={update}
      install={{ ...install, canInstall, install: () => void install.install() }}
      offline={!online}
      topSlot={topSlot}
    />
  );
}
