import { describe, expect, it } from 'vitest';
import { isSlowLoad, pageLoadMs } from './slow-connection';

describe('slow connection', () => {
  it('measures from the navigation start to the end of the load event', () => {
    expect(pageLoadMs({ startTime: 0, loadEventEnd: 3250.5 })).toBe(3250.5);
  });
  it('has no figure before the page has loaded', () => {
    expect(pageLoadMs({ startTime: 0, loadEventEnd: 0 })).toBeNull();
    expect(pageLoadMs(undefined)).toBeNull();
  });
  it('is slow above 3000 ms only', () => {
    expect(isSlowLoad(3001)).toBe(true);
    expect(isSlowLoad(3000)).toBe(false);
    expect(isSlowLoad(800)).toBe(false);
    expect(isSlowLoad(null)).toBe(false);
  });
});
