import { useSyncExternalStore } from 'react';

const isDark = () => document.documentElement.classList.contains('dark');

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/**
 * Whether the page is dark now: the `dark` class on <html>, however it got there (the theme
 * toggle, the script that runs before first paint, the system's preference followed).
 */
export const useDarkClass = () => useSyncExternalStore(subscribe, isDark, () => false);
