import { describe, expect, it } from 'vitest';
import { weightsText, type GradebookRow } from '@common/gradebook';
import { cellLabel, cellMarks, visibleRows } from './gradebook-view';

const row = (firstName: string, lastName: string, total: number | null, cells: GradebookRow['cells'] = []): GradebookRow => ({
  studentId: `${firstName}-${lastName}`,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.com`,
  cells,
  chapterTotals: [],
  total,
});

const rows = [
  row('Grace', 'Hopper', 60, [
    { score: 50, graded: null, override: { score: 50, reason: 'On paper', by: 'Course Tutor', at: '2026-04-01T09:00:00Z' } },
  ]),
  row('Ada', 'Lovelace', 61.2, [{ score: 80, late: true, daysLate: 2, penalty: 20 }]),
  row('Alan', 'Turing', null, [{ score: null }]),
  row('Edsger', 'Dijkstra', 61.2, [{ score: 100, extended: true }]),
];
const names = (rs: GradebookRow[]) => rs.map((r) => r.lastName);

describe('visibleRows', () => {
  it('sorts by last name, or by the total either way with students without a total last', () => {
    expect(names(visibleRows(rows, { name: '', filter: 'all', sort: 'name' }))).toEqual(['Dijkstra', 'Hopper', 'Lovelace', 'Turing']);
    expect(names(visibleRows(rows, { name: '', filter: 'all', sort: 'total-desc' }))).toEqual(['Dijkstra', 'Lovelace', 'Hopper', 'Turing']);
    expect(names(visibleRows(rows, { name: '', filter: 'all', sort: 'total-asc' }))).toEqual(['Hopper', 'Dijkstra', 'Lovelace', 'Turing']);
  });

  it('filters by a part of the name or e-mail, and by late or overridden cells', () => {
    expect(names(visibleRows(rows, { name: ' ADA', filter: 'all', sort: 'name' }))).toEqual(['Lovelace']);
    expect(names(visibleRows(rows, { name: 'example.com', filter: 'late', sort: 'name' }))).toEqual(['Lovelace']);
    expect(names(visibleRows(rows, { name: '', filter: 'overridden', sort: 'name' }))).toEqual(['Hopper']);
    expect(visibleRows(rows, { name: 'nobody', filter: 'all', sort: 'name' })).toEqual([]);
  });
});

describe('a cell in words', () => {
  it('says the score and every mark, dates in the school time zone', () => {
    expect(cellLabel('Ada Lovelace', 'Print Hello', rows[1]!.cells[0]!, 'UTC')).toBe(
      'Ada Lovelace, Print Hello: 80%. Late by 2 days: 20% off',
    );
    expect(cellLabel('Alan Turing', 'Print Hello', rows[2]!.cells[0]!, 'UTC')).toBe('Alan Turing, Print Hello: Not submitted');
    expect(cellMarks(rows[0]!.cells[0]!, 'Europe/Berlin').map((m) => m.text)).toEqual([
      'Overridden by Course Tutor on Wed, Apr 1, 2026, 11:00: On paper',
    ]);
    expect(cellMarks(rows[3]!.cells[0]!, 'UTC').map((m) => m.short)).toEqual(['Ext.']);
  });
});

describe('the weights in words', () => {
  it('names both weights only when the course has both kinds of item: a category without items drops out', () => {
    const course = { exercisesWeight: 60, quizzesWeight: 40 };
    expect(weightsText(course, [{ kind: 'exercise' }, { kind: 'quiz' }])).toBe('Weights: exercises 60, quizzes 40');
    expect(weightsText(course, [{ kind: 'exercise' }])).toBe('Only exercises count: the course has no quiz.');
    expect(weightsText(course, [{ kind: 'quiz' }])).toBe('Only quizzes count: the course has no exercise.');
  });
});
