import type { PageLike } from '@web/widgets/learning-events/event-queue';

/** A stand-in for the browser's window and document: visibility and page events the tests drive. */
export function fakePage(initial: DocumentVisibilityState = 'visible') {
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: initial as DocumentVisibilityState });
  const page: PageLike = { window, document };
  const setVisibility = (state: DocumentVisibilityState) => {
    document.visibilityState = state;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  return {
    page,
    hide: () => setVisibility('hidden'),
    show: () => setVisibility('visible'),
    pagehide: () => window.dispatchEvent(new Event('pagehide')),
    pageshow: () => window.dispatchEvent(new Event('pageshow')),
  };
}
