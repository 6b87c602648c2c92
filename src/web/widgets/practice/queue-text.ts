import type { Submission } from '@common/practice';

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 101st, 111th. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** What the student reads while their code waits: its place in line, then that it runs. */
export function progressText(submission: Pick<Submission, 'status' | 'queuePosition'>): string {
  if (submission.status === 'running') return 'Running…';
  if (submission.status === 'done') return 'Done';
  const position = submission.queuePosition;
  return position !== null && position > 1 ? `Queued — ${ordinal(position)} in line` : 'Queued';
}
