import { describe, expect, it } from 'vitest';
import { ordinal, progressText } from './queue-text';

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [101, '101st'],
    [111, '111th'],
    [112, '112th'],
  ])('%i is %s', (n, text) => expect(ordinal(n)).toBe(text));
});

describe('progressText', () => {
  it('names the place in line only when others are ahead', () => {
    expect(progressText({ status: 'queued', queuePosition: 3 })).toBe('Queued — 3rd in line');
    expect(progressText({ status: 'queued', queuePosition: 1 })).toBe('Queued');
    expect(progressText({ status: 'queued', queuePosition: null })).toBe('Queued');
  });

  it('says when the code runs', () => {
    expect(progressText({ status: 'running', queuePosition: null })).toBe('Running…');
  });
});
