import {
  LIMIT_DEFAULTS,
  PracticeMessages,
  TEST_POINTS_MAX,
  type AdminExercise,
  type ExerciseInput,
  type ExerciseLanguage,
  type ExerciseLimits,
  type GradingModeName,
  type OutputMatch,
} from '@common/practice';

/** One test as the form holds it: text fields as typed, the exit code and the points as text ('' for none). */
export type TestValues = {
  key: string;
  input: string;
  expectedOutput: string;
  hidden: boolean;
  match: OutputMatch;
  exitCode: string;
  name: string;
  code: string;
  points: string;
};

/**
 * A support file as the form holds it. `editable` ('Student Writes', Java): the student's own file, `content` its
 * starter and `referenceContent` the tutor's version, graded with the reference solution.
 */
export type FileValues = { key: string; name: string; content: string; hidden: boolean; editable: boolean; referenceContent: string };

export type ExerciseFormValues = {
  title: string;
  language: ExerciseLanguage;
  statement: string;
  starterCode: string;
  referenceSolution: string;
  tests: TestValues[];
  limits: { timeMs: string; memoryMb: string; outputKb: string };
  files: FileValues[];
  mode: GradingModeName;
  /** Its own 'Due Date' (ISO), or null for its chapter's. */
  dueAt: string | null;
};

let nextKey = 0;
const key = () => `t${++nextKey}`;

/** A new test: for WebGL a check that the tutor edits, otherwise empty input and output. */
export function emptyTest(language: ExerciseLanguage): TestValues {
  return language === 'webgl'
    ? {
        key: key(),
        input: 'return isColor(pixel(0.5, 0.5), 255, 0, 0, 16);',
        expectedOutput: 'The centre of the picture is red.',
        hidden: false,
        match: 'exact',
        exitCode: '',
        name: '',
        code: '',
        points: '1',
      }
    : {
        key: key(),
        input: '',
        expectedOutput: '',
        hidden: false,
        match: 'trailing_whitespace',
        exitCode: '',
        name: '',
        code: '',
        points: '1',
      };
}

export function emptyFile(): FileValues {
  return { key: key(), name: '', content: '', hidden: false, editable: false, referenceContent: '' };
}

export function newExerciseValues(language: ExerciseLanguage = 'c'): ExerciseFormValues {
  return {
    title: '',
    language,
    statement: '',
    starterCode: '',
    referenceSolution: '',
    tests: [emptyTest(language)],
    limits: { timeMs: String(LIMIT_DEFAULTS.timeMs), memoryMb: String(LIMIT_DEFAULTS.memoryMb), outputKb: String(LIMIT_DEFAULTS.outputKb) },
    files: [],
    mode: 'tests',
    dueAt: null,
  };
}

export function valuesOf(exercise: AdminExercise): ExerciseFormValues {
  return {
    title: exercise.title,
    language: exercise.language,
    statement: exercise.statement,
    starterCode: exercise.starterCode,
    referenceSolution: exercise.referenceSolution,
    tests: exercise.tests.map((t) => ({
      key: key(),
      input: t.input,
      expectedOutput: t.expectedOutput,
      hidden: t.hidden,
      match: t.match,
      exitCode: t.expectedExitCode === null ? '' : String(t.expectedExitCode),
      name: t.name,
      code: t.code,
      points: String(t.points),
    })),
    limits: {
      timeMs: String(exercise.limits.timeMs),
      memoryMb: String(exercise.limits.memoryMb),
      outputKb: String(exercise.limits.outputKb),
    },
    files: exercise.files.map((f) => ({
      key: key(),
      name: f.name,
      content: f.content,
      hidden: f.hidden,
      editable: f.editable,
      referenceContent: f.referenceContent,
    })),
    mode: exercise.mode,
    dueAt: exercise.dueAt,
  };
}

/**
 * The body the server checks. Numbers the tutor typed go as numbers (a blank or non-number limit
 * goes as NaN → the server names the limit's range); a blank exit code means "any". WebGL checks
 * are compared by the check itself, so their match is left at exact.
 */
export function toExerciseInput(values: ExerciseFormValues): ExerciseInput {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const limits: ExerciseLimits = {
    timeMs: number(values.limits.timeMs),
    memoryMb: number(values.limits.memoryMb),
    outputKb: number(values.limits.outputKb),
  };
  const webgl = values.language === 'webgl';
  return {
    title: values.title.trim(),
    language: values.language,
    statement: values.statement,
    starterCode: values.starterCode,
    referenceSolution: values.referenceSolution,
    tests: (values.language === 'java' && values.mode === 'junit' ? [] : values.tests).map((t) => ({
      input: t.input,
      expectedOutput: t.expectedOutput,
      hidden: t.hidden,
      match: webgl ? 'exact' : t.match,
      expectedExitCode: webgl || t.exitCode.trim() === '' ? null : Number(t.exitCode),
      name: t.name.trim(),
      code: webgl ? '' : t.code,
      points: t.points.trim() === '' ? 1 : Number(t.points),
    })),
    limits,
    files: webgl
      ? []
      : values.files.map((f) => ({
          name: f.name.trim(),
          content: f.content,
          hidden: f.hidden,
          // Only Java exercises have files the student writes (the server says so for any other).
          editable: f.editable,
          referenceContent: f.editable ? f.referenceContent : '',
        })),
    mode: values.language === 'java' ? values.mode : 'tests',
    dueAt: values.dueAt,
  };
}

/** Problems the browser can see before the server runs anything; the server checks everything again. */
export function formProblems(values: ExerciseFormValues): string[] {
  const problems: string[] = [];
  if (!values.title.trim()) problems.push('Exercise title is required.');
  if (!values.referenceSolution.trim()) problems.push('A reference solution is required.');
  const junit = values.language === 'java' && values.mode === 'junit';
  if (values.tests.length === 0 && !junit) problems.push('An exercise needs at least one test.');
  (junit ? [] : values.tests).forEach((t, i) => {
    const code = t.exitCode.trim();
    if (values.language !== 'webgl' && code !== '' && !(/^\d+$/.test(code) && Number(code) <= 255)) {
      problems.push(`Test ${i + 1}: the expected exit code must be a whole number from 0 to 255, or empty.`);
    }
    if (t.points.trim() !== '' && !(/^\d+$/.test(t.points.trim()) && Number(t.points) <= TEST_POINTS_MAX))
      problems.push(`Test ${i + 1}: ${PracticeMessages.testPointsRange}`);
  });
  for (const [name, text] of [
    ['Time limit (ms)', values.limits.timeMs],
    ['Memory limit (MB)', values.limits.memoryMb],
    ['Output limit (KB)', values.limits.outputKb],
  ] as const) {
    if (!/^\d+$/.test(text.trim())) problems.push(`${name} must be a whole number.`);
  }
  return problems;
}
