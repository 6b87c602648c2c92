import { useCallback, useSyncExternalStore } from 'react';
import { DARK_QUERY, otherTheme, parseTheme, resolveTheme, THEME_STORAGE_KEY, type Theme } from './theme';

function readStored(): Theme | null {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return null;
  }
}

const prefersDark = () => typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;

/** Puts the theme class on <html> (public/theme-init.js did the same before first paint). */
export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.remove(otherTheme(theme));
  root.classList.add(theme);
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function currentTheme(): Theme {
  return resolveTheme(readStored(), prefersDark());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    // Follow the OS while the user has not chosen, and choices made in other tabs.
    const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : undefined;
    const onChange = () => {
      applyTheme(currentTheme());
      notify();
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === THEME_STORAGE_KEY || e.key === null) onChange();
    };
    media?.addEventListener('change', onChange);
    window.addEventListener('storage', onStorage);
    teardown = () => {
      media?.removeEventListener('change', onChange);
      window.removeEventListener('storage', onStorage);
    };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      teardown?.();
      teardown = undefined;
    }
  };
}
let teardown: (() => void) | undefined;

export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not stored (private mode): still applied for this page.
  }
  applyTheme(theme);
  notify();
}

export function useTheme() {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as Theme);
  const toggleTheme = useCallback(() => setTheme(otherTheme(currentTheme())), []);
  return { theme, setTheme, toggleTheme };
}
