/**
 * The install flow: the browser's install offer (`beforeinstallprompt`) is held and an
 * install banner shown; Install asks the browser, 'Installing App...' once the user accepts;
 * 'appinstalled' ends it with 'App Installed Successfully!' and a green notice; a failure says
 * 'Installation Failed'. An app already running installed (standalone) never offers itself.
 * A dismissed banner stays away for DISMISS_DAYS on this browser.
 */

/** Chromium's install offer; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export type InstallState = {
  /** The browser offers installation and the banner was not dismissed. */
  canInstall: boolean;
  /** Installed now, or running as the installed app. */
  installed: boolean;
  /** Installed during this visit: the green notice shows until dismissed. */
  justInstalled: boolean;
};

export type InstallNotices = { installing(): void; installed(): void; failed(): void };

export const DISMISS_DAYS = 30;
export const DISMISSED_KEY = 'install-banner-dismissed-at';

type InstallWindow = Pick<Window, 'addEventListener' | 'matchMedia'> & {
  navigator: Navigator & { standalone?: boolean };
  localStorage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** An offer the browser made before the app ran, held by public/app-start.js on a prerendered page. */
  earlyInstallOffer?: BeforeInstallPromptEvent;
};

function readDismissedAt(win: InstallWindow): number | null {
  try {
    const value = Number(win.localStorage?.getItem(DISMISSED_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function createInstallPrompt(win: InstallWindow, notices: InstallNotices, now: () => number = Date.now) {
  const standalone = win.matchMedia('(display-mode: standalone)').matches || win.navigator.standalone === true;
  let offer: BeforeInstallPromptEvent | null = null;
  const dismissedAt = readDismissedAt(win);
  let dismissed = dismissedAt !== null && now() - dismissedAt < DISMISS_DAYS * 24 * 60 * 60 * 1000;
  let state: InstallState = { canInstall: false, installed: standalone, justInstalled: false };
  const listeners = new Set<() => void>();

  const update = (next: Partial<InstallState>) => {
    state = { ...state, ...next };
    state.canInstall = offer !== null && !dismissed && !state.installed;
    listeners.forEach((listener) => listener());
  };

  if (win.earlyInstallOffer && !standalone) {
    offer = win.earlyInstallOffer;
    update({});
  }

  win.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away; the banner offers it instead.
    event.preventDefault();
    if (standalone) return;
    offer = event as BeforeInstallPromptEvent;
    update({});
  });

  win.addEventListener('appinstalled', () => {
    offer = null;
    update({ installed: true, justInstalled: true });
    notices.installed();
  });

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getState: () => state,

    /** Asks the browser to install. An offer can be used once; the browser may make a new one later. */
    async install() {
      const event = offer;
      if (!event) return;
      offer = null;
      update({});
      try {
        await event.prompt();
        const choice = await event.userChoice;
        if (choice.outcome === 'accepted') notices.installing();
      } catch {
        notices.failed();
      }
    },

    dismiss() {
      dismissed = true;
      try {
        win.localStorage?.setItem(DISMISSED_KEY, String(now()));
      } catch {
        // Private mode: dismissed for this visit only.
      }
      update({});
    },

    closeInstalledNotice() {
      update({ justInstalled: false });
    },
  };
}

export type InstallPrompt = ReturnType<typeof createInstallPrompt>;
