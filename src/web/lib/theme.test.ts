import { describe, expect, it } from 'vitest';
import script from '../../../public/theme-init.js?raw';
import { otherTheme, parseTheme, resolveTheme, themeToggleLabel } from './theme';

describe('resolveTheme', () => {
  it('uses the stored theme first', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
  it('follows the OS preference when nothing valid is stored, else light', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
    expect(resolveTheme('purple', true)).toBe('dark');
  });
  it('parses only the two values', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('Dark')).toBeNull();
    expect(parseTheme(undefined)).toBeNull();
  });
  it('labels the toggle with what it will do', () => {
    expect(themeToggleLabel('light')).toBe('Switch to dark mode');
    expect(themeToggleLabel('dark')).toBe('Switch to light mode');
    expect(otherTheme('light')).toBe('dark');
  });
});

/** public/theme-init.js must apply the same rule before first paint. */
describe('public/theme-init.js', () => {
  const run = (stored: string | null, prefersDark: boolean, storageThrows = false) => {
    const classes = new Set<string>(['light']);
    const exec = new Function('window', 'document', script) as (window: unknown, document: unknown) => void;
    exec(
      {
        localStorage: {
          getItem: () => {
            if (storageThrows) throw new Error('blocked');
            return stored;
          },
        },
        matchMedia: () => ({ matches: prefersDark }),
      },
      { documentElement: { classList: { add: (c: string) => classes.add(c), remove: (c: string) => classes.delete(c) } } },
    );
    return [...classes].sort();
  };

  it.each([
    ['dark', false, ['dark']],
    ['light', true, ['light']],
    [null, true, ['dark']],
    [null, false, ['light']],
    ['bogus', true, ['dark']],
  ] as const)('stored %j, OS dark %j → %j', (stored, prefersDark, expected) => {
    expect(run(stored, prefersDark)).toEqual(expected);
  });

  it('falls back to the OS preference when storage is blocked', () => {
    expect(run(null, true, true)).toEqual(['dark']);
  });
});
