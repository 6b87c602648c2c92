import { describe, expect, it } from 'vitest';
import { ENGAGEMENT_TEXTS, testLabel, truncateText } from './analytics-texts';

const test = (over: Partial<Parameters<typeof testLabel>[0]>) => ({ position: 2, hidden: false, name: '', input: '', code: '', ...over });

describe('testLabel names a test by what the tutor wrote for it', () => {
  it('prefers the name, then the input, then the test code', () => {
    expect(testLabel(test({ name: 'Negative numbers', input: '-1 -2' }))).toBe('Test 2: Negative numbers');
    expect(testLabel(test({ input: '5 7\n' }))).toBe('Test 2: input “5 7”');
    expect(testLabel(test({ code: 'assert(sum(1, 2) == 3);' }))).toBe('Test 2: assert(sum(1, 2) == 3);');
    expect(testLabel(test({}))).toBe('Test 2: empty input');
  });

  it('says a hidden test is hidden and cuts a long input on one line', () => {
    const long = `${'1 '.repeat(50)}\n2`;
    const label = testLabel(test({ hidden: true, input: long }));
    expect(label.startsWith('Test 2 (hidden): input “1 1 1')).toBe(true);
    expect(label).toMatch(/…”$/);
    expect(label).not.toContain('\n');
  });

  it('truncateText keeps short text whole', () => {
    expect(truncateText('  a \n b  ', 10)).toBe('a b');
    expect(truncateText('abcdefghijk', 5)).toBe('abcd…');
  });
});

describe('the one definition of an active student', () => {
  it('is said in words with its window', () => {
    expect(ENGAGEMENT_TEXTS.active.description).toBe('Did something in a lesson in the last 7 days');
    expect(ENGAGEMENT_TEXTS.new.description).toMatch(/^Joined or was enrolled in the last 7 days/);
  });
});
