import Papa from 'papaparse';
import type { VelocityStudent } from '../../../common/analytics';

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage
 * return, as OWASP lists them) gets a leading apostrophe. Only text is touched: our own numbers
 * are written as numbers, and "-1.5" is a number in every spreadsheet.
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export const STUDENTS_CSV_COLUMNS = [
  'First name',
  'Last name',
  'Email',
  'Courses enrolled',
  'Lessons completed',
  'Average progress (%)',
  'Status',
  'Engagement trend',
  'Lessons per week',
  'Recent lessons per week',
  'Learning acceleration',
  'Predicted completion date',
  'Risk factors',
  'Last activity',
] as const;

/** The per-student velocity and risk table as CSV (UTF-8 with a byte-order mark, for spreadsheets). */
export function studentsCsv(rows: VelocityStudent[]): string {
  const data = rows.map((r) => [
    safeCell(r.student.firstName),
    safeCell(r.student.lastName),
    safeCell(r.student.email),
    r.coursesEnrolled,
    r.completedLessons,
    r.averageProgress,
    r.status,
    r.engagementTrend,
    r.averageLessonsPerWeek,
    r.recentLessonsPerWeek,
    r.learningAcceleration,
    r.predictedCompletionDate?.slice(0, 10) ?? '',
    r.riskFactors.join('; '),
    r.lastActivityAt ?? '',
  ]);
  return `\uFEFF${Papa.unparse({ fields: [...STUDENTS_CSV_COLUMNS], data }, { newline: '\r\n' })}\r\n`;
}

/** attachment; filename="student-velocity-YYYY-MM-DD.csv" — ASCII only, nothing from user input. */
export const studentsCsvFilename = (now: Date) => `student-velocity-${now.toISOString().slice(0, 10)}.csv`;
