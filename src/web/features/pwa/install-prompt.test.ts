import { describe, expect, it, vi } from 'vitest';
import { DISMISSED_KEY, createInstallPrompt, type BeforeInstallPromptEvent } from './install-prompt';

function fakeWindow({ standalone = false, stored = {} as Record<string, string> } = {}) {
  const target = new EventTarget();
  const storage = new Map(Object.entries(stored));
  return Object.assign(target, {
    matchMedia: (query: string) => ({ matches: standalone && query === '(display-mode: standalone)' }) as MediaQueryList,
    navigator: {} as Navigator,
    localStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) },
    storage,
  });
}

function offer(outcome: 'accepted' | 'dismissed' | 'fails') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => {
    if (outcome === 'fails') throw new Error('The prompt() method must be called with a user gesture');
  });
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome: outcome === 'fails' ? 'dismissed' : outcome, platform: 'web' }) });
  return event;
}

const notices = () => ({ installing: vi.fn(), installed: vi.fn(), failed: vi.fn() });

describe('the install prompt', () => {
  it('holds the browser’s offer and shows the banner', () => {
    const win = fakeWindow();
    const prompt = createInstallPrompt(win as never, notices());
    expect(prompt.getState().canInstall).toBe(false);
    const event = offer('accepted');
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(prompt.getState()).toEqual({ canInstall: true, installed: false, justInstalled: false });
  });

  it('takes over an offer the browser made before the app ran (a prerendered page holds it)', () => {
    const early = offer('accepted');
    const win = Object.assign(fakeWindow(), { earlyInstallOffer: early });
    const prompt = createInstallPrompt(win as never, notices());
    expect(prompt.getState()).toEqual({ canInstall: true, installed: false, justInstalled: false });
  });

  it('says Installing App... when accepted, then App Installed Successfully! with the green notice', async () => {
    const win = fakeWindow();
    const n = notices();
    const prompt = createInstallPrompt(win as never, n);
    const event = offer('accepted');
    win.dispatchEvent(event);
    await prompt.install();
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(n.installing).toHaveBeenCalledOnce();
    expect(prompt.getState().canInstall).toBe(false);
    win.dispatchEvent(new Event('appinstalled'));
    expect(n.installed).toHaveBeenCalledOnce();
    expect(prompt.getState()).toEqual({ canInstall: false, installed: true, justInstalled: true });
    prompt.closeInstalledNotice();
    expect(prompt.getState().justInstalled).toBe(false);
  });

  it('says nothing when the user declines, and Installation Failed when the browser fails', async () => {
    const win = fakeWindow();
    const n = notices();
    const prompt = createInstallPrompt(win as never, n);
    win.dispatchEvent(offer('dismissed'));
    await prompt.install();
    expect(n.installing).not.toHaveBeenCalled();
    expect(n.failed).not.toHaveBeenCalled();
    win.dispatchEvent(offer('fails'));
    await prompt.install();
    expect(n.failed).toHaveBeenCalledOnce();
  });

  it('counts standalone display as installed and never offers', () => {
    const win = fakeWindow({ standalone: true });
    const prompt = createInstallPrompt(win as never, notices());
    win.dispatchEvent(offer('accepted'));
    expect(prompt.getState()).toEqual({ canInstall: false, installed: true, justInstalled: false });
  });

  it('keeps a dismissed banner away for 30 days', () => {
    const day = 24 * 60 * 60 * 1000;
    const win = fakeWindow();
    const prompt = createInstallPrompt(win as never, notices(), () => 100 * day);
    win.dispatchEvent(offer('accepted'));
    prompt.dismiss();
    expect(prompt.getState().canInstall).toBe(false);
    expect(win.storage.get(DISMISSED_KEY)).toBe(String(100 * day));

    const later = (at: number) => {
      const next = fakeWindow({ stored: { [DISMISSED_KEY]: String(100 * day) } });
      const p = createInstallPrompt(next as never, notices(), () => at);
      next.dispatchEvent(offer('accepted'));
      return p.getState().canInstall;
    };
    expect(later(129 * day)).toBe(false);
    expect(later(131 * day)).toBe(true);
  });
});
