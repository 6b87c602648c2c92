import { describe, expect, it } from 'vitest';
import { bottomStackPosition } from './overlay-position';

describe('bottomStackPosition', () => {
  it('sits in the bottom-right corner by default', () => {
    expect(bottomStackPosition('/student/dashboard')).toMatch(/^bottom-4 right-4 /);
  });
  it('keeps clear of the course screen’s lesson bar and tutor button, and of the login page’s Dev Tools', () => {
    expect(bottomStackPosition('/course/abc')).toContain('right-[5.5rem]');
    expect(bottomStackPosition('/course/abc')).toContain('bottom-[4.75rem]');
    expect(bottomStackPosition('/login')).toMatch(/^bottom-16 right-4 /);
  });
});
