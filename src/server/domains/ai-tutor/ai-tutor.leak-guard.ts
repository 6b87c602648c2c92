import { codeGrams, sharedGrams, withoutGrams } from './ai-tutor.code-similarity';

/**
 * The leak guard: whether an AI tutor's answer gives an exercise away. The model never receives
 * the reference solution or the hidden tests, but it can still write a working solution itself;
 * this compares what it wrote with what the tutor keeps secret.
 *
 * Two checks:
 * - the code of the answer against the reference solution, the hidden tests' code and the hidden
 *   files, by normalised token k-grams (names, layout and comments do not matter). Only the part
 *   of a secret the student does not already have counts: the starter code, the files they can
 *   read and their own code are taken out first, so quoting the student's code back is no leak.
 * - a hidden test's input or expected output appearing verbatim anywhere in the answer (values
 *   too short to mean anything, or that the student can already read, are not secrets).
 */

/** What the tutor keeps from the student, and what the student already has. */
export type ExerciseSecrets = {
  referenceSolution: string;
  /** The code of the hidden tests and the content of the hidden files. */
  hiddenCode: string[];
  /** The hidden tests' inputs and expected outputs. */
  hiddenData: string[];
  /** The student's own material: starter code, readable files, visible tests, statement, their code now. */
  known: string[];
};

/** A secret's share the answer may hold before it counts as given away. */
export const LEAK_CONTAINMENT = 0.5;
/** And the fewest of its k-grams (or all of a smaller secret): a few shared runs of tokens are common idioms, not the solution. */
export const LEAK_MIN_GRAMS = 8;
/** The shortest hidden value (whitespace collapsed) that counts: '5' or 'true' appear in any answer. */
export const HIDDEN_VALUE_MIN_CHARS = 6;

export type LeakVerdict = { leaked: false } | { leaked: true; reason: 'solution' | 'hidden-test' };

export type LeakGuard = {
  /** The answer's code so far (all its code blocks together). */
  checkCode(code: string): LeakVerdict;
  /** The whole answer, prose included: hidden values written out. */
  checkText(text: string): LeakVerdict;
};

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** An exercise as the tutor wrote it: what the secrets are read from. */
export type GuardedExercise = {
  statement: string;
  starterCode: string;
  referenceSolution: string;
  tests: { input: string; expectedOutput: string; code?: string; hidden?: boolean }[];
  /** A file the student writes (`editable`) is known as its starter; its reference version is a secret like the reference solution. */
  files?: { content: string; hidden?: boolean; editable?: boolean; referenceContent?: string }[];
};

/** The secrets of an exercise, and what the student has of it (`studentCode`: their editor's code when they asked). */
export function exerciseSecrets(x: GuardedExercise, studentCode = ''): ExerciseSecrets {
  const hidden = x.tests.filter((t) => t.hidden);
  const visible = x.tests.filter((t) => !t.hidden);
  return {
    referenceSolution: x.referenceSolution,
    hiddenCode: [
      ...hidden.map((t) => t.code ?? ''),
      ...(x.files ?? []).filter((f) => f.hidden).map((f) => f.content),
      ...(x.files ?? []).filter((f) => f.editable).map((f) => f.referenceContent ?? ''),
    ].filter(Boolean),
    hiddenData: hidden.flatMap((t) => [t.input, t.expectedOutput]),
    known: [
      x.statement,
      x.starterCode,
      studentCode,
      ...visible.flatMap((t) => [t.input, t.expectedOutput, t.code ?? '']),
      ...(x.files ?? []).filter((f) => !f.hidden).map((f) => f.content),
    ].filter(Boolean),
  };
}

export function createLeakGuard(secrets: ExerciseSecrets): LeakGuard {
  const known = secrets.known.map((k) => codeGrams(k));
  const codeSecrets = [secrets.referenceSolution, ...secrets.hiddenCode]
    .map((code) => withoutGrams(codeGrams(code), ...known))
    .filter((grams) => grams.size > 0);
  const knownText = collapse(secrets.known.join('\n'));
  const hiddenValues = [...new Set(secrets.hiddenData.map(collapse))].filter(
    (v) => v.length >= HIDDEN_VALUE_MIN_CHARS && !knownText.includes(v),
  );

  const hiddenValueIn = (text: string) => {
    const flat = collapse(text);
    return hiddenValues.some((v) => flat.includes(v));
  };

  return {
    checkCode(code) {
      if (hiddenValueIn(code)) return { leaked: true, reason: 'hidden-test' };
      const grams = codeGrams(code);
      for (const secret of codeSecrets) {
        const shared = sharedGrams(secret, grams);
        // A secret smaller than LEAK_MIN_GRAMS is a line or two the starter code leaves out: all of it is the answer.
        if (shared >= Math.min(LEAK_MIN_GRAMS, secret.size) && shared / secret.size >= LEAK_CONTAINMENT) {
          return { leaked: true, reason: 'solution' };
        }
      }
      return { leaked: false };
    },
    checkText(text) {
      return hiddenValueIn(text) ? { leaked: true, reason: 'hidden-test' } : { leaked: false };
    },
  };
}

/** The code of every fenced block of a Markdown text, joined (an unclosed last block included). */
export function fencedCode(markdown: string): string {
  const blocks: string[] = [];
  let fence: string | null = null;
  let lines: string[] = [];
  for (const line of markdown.split('\n')) {
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === null) {
      if (open) {
        fence = open[1]!;
        lines = [];
      }
    } else if (new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`).test(line)) {
      blocks.push(lines.join('\n'));
      fence = null;
    } else {
      lines.push(line);
    }
  }
  if (fence !== null) blocks.push(lines.join('\n'));
  return blocks.join('\n');
}
