import { describe, expect, it } from 'vitest';
import { shortcutOf } from './shortcuts';

const key = (over: Partial<Parameters<typeof shortcutOf>[0]>) => ({
  key: 'Enter',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...over,
});

describe('shortcutOf', () => {
  it('runs on Ctrl+Enter (or ⌘+Enter) and submits with Shift', () => {
    expect(shortcutOf(key({ ctrlKey: true }))).toBe('run');
    expect(shortcutOf(key({ metaKey: true }))).toBe('run');
    expect(shortcutOf(key({ ctrlKey: true, shiftKey: true }))).toBe('submit');
  });

  it('leaves plain Enter, Shift+Enter, Alt and other keys to the field', () => {
    expect(shortcutOf(key({}))).toBeNull();
    expect(shortcutOf(key({ shiftKey: true }))).toBeNull();
    expect(shortcutOf(key({ ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutOf(key({ key: 'a', ctrlKey: true }))).toBeNull();
  });
});
