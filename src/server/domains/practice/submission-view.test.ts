import { describe, expect, it } from 'vitest';
import { PracticeMessages, type TestOutcome } from '../../../common/practice';
import { describeResult, submissionOfRow, type SubmissionRow } from './submission-view';

const outcome = (hidden: boolean): TestOutcome => ({
  position: 1,
  custom: false,
  hidden,
  passed: true,
  status: null,
  message: null,
  input: null,
  expectedOutput: null,
  actualOutput: null,
  stderr: null,
  exitCode: null,
  match: null,
  timeMs: null,
});

const row = (tests: TestOutcome[]): SubmissionRow => ({
  id: 'a',
  exercise_id: 'e',
  purpose: 'submit',
  preview: false,
  code: '',
  student_files: null,
  status: 'done',
  verdict: 'passed',
  passed_count: 1,
  total_count: 1,
  results: tests,
  compile_output: null,
  diagnostics: [],
  summary: null,
  lesson_completed: false,
  course_just_completed: false,
  created_at: '2026-11-27T10:00:00.250Z',
  finished_at: '2026-11-27T10:00:01.730Z',
});

describe('a submission as the API sends it', () => {
  it('gives its times to the millisecond when every test is visible', () => {
    expect(submissionOfRow(row([outcome(false)]))).toMatchObject({
      createdAt: '2026-11-27T10:00:00.250Z',
      finishedAt: '2026-11-27T10:00:01.730Z',
    });
  });

  it('gives whole seconds when a test is hidden, so timing tells nothing of the hidden input', () => {
    expect(submissionOfRow(row([outcome(false), outcome(true)]))).toMatchObject({
      createdAt: '2026-11-27T10:00:00.000Z',
      finishedAt: '2026-11-27T10:00:02.000Z',
    });
  });
});

describe('a WebGL picture from the browser', () => {
  it('is read back from the stored summary, which the API sends without the note', () => {
    const stored = `All tests passed. ${PracticeMessages.pictureFromBrowser}`;
    const browser = submissionOfRow({ ...row([outcome(false)]), summary: stored }).result;
    expect(browser).toMatchObject({ summary: 'All tests passed', pictureSource: 'browser' });
    expect(describeResult('Submit', browser!)).toContain(PracticeMessages.pictureFromBrowser);
    const server = submissionOfRow({ ...row([outcome(false)]), summary: 'All tests passed' }).result;
    expect(server).toMatchObject({ summary: 'All tests passed' });
    expect(server).not.toHaveProperty('pictureSource');
  });
});
