/** Colour theme rules; pure, so they run in tests without a DOM. public/theme-init.js mirrors them. */
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export const parseTheme = (value: unknown): Theme | null => (value === 'light' || value === 'dark' ? value : null);

/** The stored choice wins; without one, the operating system's dark preference; else light. */
export const resolveTheme = (stored: unknown, prefersDark: boolean): Theme => parseTheme(stored) ?? (prefersDark ? 'dark' : 'light');

export const otherTheme = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');

/** The toggle button's accessible name: what pressing it will do. */
export const themeToggleLabel = (theme: Theme) => (theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode');
