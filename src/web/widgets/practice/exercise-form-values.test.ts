import type { AdminExercise } from '@common/practice';
import { describe, expect, it } from 'vitest';
import { formProblems, newExerciseValues, toExerciseInput, valuesOf } from './exercise-form-values';

describe('exercise form values', () => {
  it('starts with the default limits and one empty test', () => {
    const values = newExerciseValues('c');
    expect(values.limits).toEqual({ timeMs: '2000', memoryMb: '128', outputKb: '64' });
    expect(values.tests).toHaveLength(1);
  });

  it('sends numbers, a blank exit code as none, and a typed one as a number', () => {
    const values = newExerciseValues('c');
    values.title = '  Sum  ';
    values.referenceSolution = 'int main(){}';
    values.tests = [
      { ...values.tests[0]!, input: '1 2', expectedOutput: '3', exitCode: '' },
      { ...values.tests[0]!, key: 'x', exitCode: '3', hidden: true, match: 'exact' },
    ];
    const input = toExerciseInput(values);
    expect(input.title).toBe('Sum');
    expect(input.limits).toEqual({ timeMs: 2000, memoryMb: 128, outputKb: 64 });
    expect(input.tests.map((t) => [t.expectedExitCode, t.hidden, t.match])).toEqual([
      [null, false, 'trailing_whitespace'],
      [3, true, 'exact'],
    ]);
  });

  it('sends WebGL checks without an exit code', () => {
    const values = newExerciseValues('webgl');
    values.tests[0]!.exitCode = '1';
    expect(toExerciseInput(values).tests[0]!.expectedExitCode).toBeNull();
  });

  it('reads a saved exercise back into the form', () => {
    const exercise: AdminExercise = {
      id: 'e',
      lessonId: 'l',
      position: 1,
      title: 'T',
      statement: 'S',
      language: 'java',
      starterCode: 'a',
      referenceSolution: 'b',
      tests: [
        {
          id: 't',
          position: 1,
          input: 'i',
          expectedOutput: 'o',
          match: 'exact',
          expectedExitCode: 0,
          hidden: true,
          name: 'area is 12',
          code: 'System.out.println(new Rectangle(3, 4).area());',
          points: 2,
        },
      ],
      limits: { timeMs: 1000, memoryMb: 64, outputKb: 8 },
      files: [
        { name: 'Shape.java', content: 'interface Shape {}', hidden: false, editable: false, referenceContent: '' },
        { name: 'Circle.java', content: 'class Circle {}', hidden: false, editable: true, referenceContent: 'class Circle { int r; }' },
      ],
      mode: 'tests',
      dueAt: '2027-01-15T22:59:00.000Z',
      updatedAt: '2025-01-01T00:00:00Z',
    };
    const values = valuesOf(exercise);
    expect(values.tests[0]).toMatchObject({ input: 'i', expectedOutput: 'o', match: 'exact', exitCode: '0', hidden: true, points: '2' });
    const input = toExerciseInput(values);
    expect(input.tests[0]).toMatchObject({ expectedExitCode: 0, name: 'area is 12', code: exercise.tests[0]!.code, points: 2 });
    // Its own due date goes back as it was; a new exercise has none (its chapter's applies).
    expect(input.dueAt).toBe('2027-01-15T22:59:00.000Z');
    expect(toExerciseInput(newExerciseValues('c')).dueAt).toBeNull();
    // A file the student writes keeps its starter and its reference version.
    expect(input.files).toEqual([
      { name: 'Shape.java', content: 'interface Shape {}', hidden: false, editable: false, referenceContent: '' },
      { name: 'Circle.java', content: 'class Circle {}', hidden: false, editable: true, referenceContent: 'class Circle { int r; }' },
    ]);
  });

  it('names what is missing before anything is sent', () => {
    const values = newExerciseValues('c');
    values.limits.timeMs = 'fast';
    values.tests[0]!.exitCode = '300';
    expect(formProblems(values)).toEqual([
      'Exercise title is required.',
      'A reference solution is required.',
      'Test 1: the expected exit code must be a whole number from 0 to 255, or empty.',
      'Time limit (ms) must be a whole number.',
    ]);
  });
});
