import { describe, expect, it } from 'vitest';
import { codeGrams, normalizedTokens } from './ai-tutor.code-similarity';
import { createCodeHoldBack } from './ai-tutor.code-hold-back';
import { createLeakGuard, fencedCode, type ExerciseSecrets } from './ai-tutor.leak-guard';

const REFERENCE = `#include <stdio.h>

int factorial(int n) {
  int result = 1;
  for (int i = 2; i <= n; i++) {
    result *= i;
  }
  return result;
}

int main(void) {
  int n;
  scanf("%d", &n);
  printf("%d\\n", factorial(n));
  return 0;
}
`;

const RENAMED = `#include <stdio.h>
// my own version
int fact(int k){int acc=1;for(int j=2;j<=k;j++){acc*=j;}return acc;}
int main(void){int value;scanf("%d",&value);printf("%d\\n",fact(value));return 0;}`;

const secrets = (extra: Partial<ExerciseSecrets> = {}): ExerciseSecrets => ({
  referenceSolution: REFERENCE,
  hiddenCode: [],
  hiddenData: ['12\n', '479001600\n'],
  known: ['#include <stdio.h>\n\nint main(void) {\n  // your code here\n  return 0;\n}\n', 'Print n! for the n read.'],
  ...extra,
});

describe('normalised tokens', () => {
  it('drop comments and layout, and keep only the class of names, numbers and strings', () => {
    expect(normalizedTokens('int total = 10; // sum\n/* block */ printf("x", total);')).toEqual(
      normalizedTokens('int   s=99;printf( "other" ,s ) ;'),
    );
    expect(normalizedTokens('for (int i = 0; i < n; i++)')).toEqual([
      'for',
      '(',
      'int',
      'v',
      '=',
      '0',
      ';',
      'v',
      '<',
      'v',
      ';',
      'v',
      '++',
      ')',
    ]);
  });
});

describe('the leak guard', () => {
  const guard = createLeakGuard(secrets());

  it('catches the reference solution, verbatim or with its variables renamed and its layout changed', () => {
    expect(guard.checkCode(REFERENCE)).toEqual({ leaked: true, reason: 'solution' });
    expect(guard.checkCode(RENAMED)).toEqual({ leaked: true, reason: 'solution' });
  });

  it('lets a small example of the same idea pass, and the starter code the student already has', () => {
    const example = 'int sum = 0;\nfor (int k = 1; k <= 3; k++) {\n  sum += k;\n}\nprintf("%d\\n", sum);';
    expect(guard.checkCode(example)).toEqual({ leaked: false });
    expect(guard.checkCode(secrets().known[0]!)).toEqual({ leaked: false });
  });

  it('does not count what the student already wrote: quoting their nearly right code back is no leak, the corrected program is', () => {
    const theirs = REFERENCE.replace('i <= n', 'i < n');
    const own = createLeakGuard(secrets({ known: [theirs] }));
    expect(own.checkCode(theirs)).toEqual({ leaked: false });
    expect(own.checkCode(REFERENCE)).toEqual({ leaked: true, reason: 'solution' });
  });

  it('catches a hidden test value written out anywhere, but not one too short to mean anything or that the student can read', () => {
    expect(guard.checkText('For 12 the program must print 479001600.')).toEqual({ leaked: true, reason: 'hidden-test' });
    expect(guard.checkText('Try it with 12 first.')).toEqual({ leaked: false });
    const visible = createLeakGuard(secrets({ known: ['The example prints 479001600 for 12.'] }));
    expect(visible.checkText('479001600')).toEqual({ leaked: false });
  });

  it('catches the hidden tests code', () => {
    const hiddenCode =
      'assert(factorial(5) == 120);\nassert(factorial(0) == 1);\nassert(factorial(10) == 3628800);\nassert(factorial(1) == 1);';
    const withTests = createLeakGuard(secrets({ hiddenCode: [hiddenCode] }));
    expect(withTests.checkCode(hiddenCode.replaceAll('factorial', 'f'))).toEqual({ leaked: true, reason: 'solution' });
  });

  it('reads the code of every fenced block of an answer', () => {
    expect(fencedCode('Look:\n```c\nint a;\n```\nand\n~~~\nb();\n~~~\n```js\nopen')).toBe('int a;\nb();\nopen');
    expect(codeGrams('a b').size).toBe(0);
  });
});

describe('holding back code blocks while the answer streams', () => {
  const run = (pieces: string[], isLeak = (code: string) => code.includes('SECRET')) => {
    const holdBack = createCodeHoldBack(isLeak);
    const released: string[] = [];
    for (const piece of pieces) {
      const step = holdBack.push(piece);
      released.push(step.text);
      if (step.leaked) return { released, leaked: true };
    }
    const last = holdBack.end();
    released.push(last.text);
    return { released, leaked: last.leaked };
  };

  it('streams prose at once and releases a block whole once it closes and passes', () => {
    const { released, leaked } = run(['Look at ', 'the loop.\n', '```c\nint', ' a;\n', '```\nThen ', 'try.']);
    expect(leaked).toBe(false);
    expect(released).toEqual(['Look at ', 'the loop.\n', '', '', '```c\nint a;\n```\nThen ', 'try.', '']);
  });

  it('stops at a block that leaks: nothing of it is released', () => {
    const { released, leaked } = run(['Here:\n', '```c\nSECRET', '\n```\n', 'more']);
    expect(leaked).toBe(true);
    expect(released.join('')).toBe('Here:\n');
  });

  it('checks a block split over several fences with the blocks before it, and a block never closed', () => {
    const together = (code: string) => code.includes('SEC\nRET');
    expect(run(['```\nSEC\n```\n', 'and\n```\nRET\n```\n'], together).leaked).toBe(true);
    expect(run(['```\nSECRET'], (c) => c.includes('SECRET')).leaked).toBe(true);
    expect(run(['```\nfine\n```']).released.join('')).toBe('```\nfine\n```');
  });

  it('never takes inline code or a line starting with backticks for a fence', () => {
    const { released } = run(['`x` is ', 'a name\n', '``', 'y`` too']);
    expect(released.join('')).toBe('`x` is a name\n``y`` too');
  });
});
