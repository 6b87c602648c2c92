import { describe, expect, it } from 'vitest';
import { dropoffSeverity, type AnalyticsResponse, type VelocityStudent } from '@common/analytics';
import {
  completionEstimate,
  confidenceBadge,
  difficultyTone,
  dropoffSuggestions,
  dropoffTone,
  formatChange,
  formatPercent,
  hardestQuestionText,
  hardestTestText,
  parseRange,
  parseTab,
  periodSummary,
  predictionMessage,
  riskTone,
  sampleSize,
  severityTone,
  stuckExercises,
  TABS,
  tutorialInsight,
  velocityNote,
  VERDICT_RULE,
  weeklyRows,
  weeklySummary,
  wrapLabel,
} from './view-model';

type Dropoff = AnalyticsResponse['dropoffAnalysis'][number];
type TutorialPdf = AnalyticsResponse['contentEngagement']['tutorialPdf'];
type Prediction = AnalyticsResponse['predictiveTrends'][number];

const student = (over: Partial<VelocityStudent>): VelocityStudent => ({
  student: { id: 's1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  coursesEnrolled: 1,
  completedLessons: 4,
  averageProgress: 40,
  status: 'active',
  engagementTrend: 'stable',
  averageLessonsPerWeek: 1,
  recentLessonsPerWeek: 1,
  learningAcceleration: 0,
  lessonsLeft: 6,
  predictedCompletionDate: '2026-06-01T00:00:00.000Z',
  riskFactors: [],
  lastActivityAt: null,
  ...over,
});

const dropoff = (rate: number, over: Partial<Dropoff> = {}): Dropoff => ({
  lesson: { id: 'l1', title: 'Loops', lessonType: 'VIDEO' },
  chapter: { id: 'c1', title: 'Basics' },
  course: { id: 'co1', title: 'C' },
  dropoffRate: rate,
  severity: dropoffSeverity(rate),
  studentsStarted: 10,
  studentsCompleted: 5,
  strugglingIndicators: { strugglingStudents: 0, timeSpentBeforeDropoff: null, commonExitPoints: [], recoveryRate: null },
  ...over,
});

const prediction = (confidence: number, percentChange: number | null): Prediction => ({
  metric: 'engagement',
  label: 'Weekly Active Students',
  currentValue: 10,
  predictedValue: 11.5,
  percentChange,
  confidence,
  timeframe: 'Next 2 weeks',
  factors: [],
});

describe('screen state from the address', () => {
  it('defaults to the overview tab and the 30-day range, and ignores unknown values', () => {
    expect(parseTab(null)).toBe('overview');
    expect(parseTab('velocity')).toBe('velocity');
    expect(parseTab('nope')).toBe('overview');
    expect(parseRange(null)).toBe('30d');
    expect(parseRange('7d')).toBe('7d');
    expect(parseRange('365d')).toBe('30d');
  });
});

describe('the analytics thresholds as tones', () => {
  it('drop-off: above 60 high, above 40 medium, 40 or less low', () => {
    expect([61, 60.1, 60, 40.1, 40, 0].map((r) => dropoffTone(r).severity)).toEqual(['high', 'high', 'medium', 'medium', 'low', 'low']);
    expect(dropoffTone(61).tone).toBe('rose');
    expect(dropoffTone(41).tone).toBe('amber');
    expect(dropoffTone(40).tone).toBe('green');
  });

  it('difficulty: above 70 red, above 40 yellow, else green; nothing without a score', () => {
    expect([71, 70, 41, 40, 0].map(difficultyTone)).toEqual(['rose', 'amber', 'amber', 'green', 'green']);
    expect(difficultyTone(null)).toBeNull();
  });

  it('risk factors: 0 green, 1 to 2 yellow, 3 or more red', () => {
    expect([0, 1, 2, 3].map(riskTone)).toEqual(['green', 'amber', 'amber', 'rose']);
  });

  it('confidence badges: above 75 high, above 50 medium, else low', () => {
    expect([80, 76, 75, 65, 51, 50].map((c) => confidenceBadge(c).label)).toEqual([
      'High confidence (80%)',
      'High confidence (76%)',
      'Medium confidence (75%)',
      'Medium confidence (65%)',
      'Medium confidence (51%)',
      'Low confidence (50%)',
    ]);
  });
});

describe('notes', () => {
  it('positive prediction note above 80 with a rise; decline warning above 75 with a fall', () => {
    expect(predictionMessage(prediction(80, 15))).toBeNull(); // 80 is not above 80
    expect(predictionMessage(prediction(81, 15))?.kind).toBe('positive');
    expect(predictionMessage(prediction(81, 0))).toBeNull();
    expect(predictionMessage(prediction(76, -3))?.kind).toBe('warning');
    expect(predictionMessage(prediction(75, -3))).toBeNull();
    expect(predictionMessage(prediction(90, null))).toBeNull();
    expect(predictionMessage(prediction(81, 15))?.text).toContain('+15%');
  });

  it('intervention when the trend is decreasing and there is more than 1 risk factor; positive note on a rise', () => {
    const declining = student({ engagementTrend: 'decreasing', riskFactors: ['Low activity', 'Declining engagement'] });
    expect(velocityNote(declining)?.kind).toBe('intervention');
    expect(velocityNote({ ...declining, riskFactors: ['Declining engagement'] })).toBeNull();
    expect(velocityNote(student({ engagementTrend: 'increasing', averageLessonsPerWeek: 1.5, recentLessonsPerWeek: 3 }))).toEqual({
      kind: 'positive',
      text: 'Positive trend: 3 lessons a week recently, up from 1.5.',
    });
    expect(velocityNote(student({}))).toBeNull();
  });

  it('suggests by severity, lesson type and stuck students', () => {
    expect(dropoffSuggestions(dropoff(61))[0]).toMatch(/^Most students/);
    expect(dropoffSuggestions(dropoff(50))[0]).toMatch(/^Many students/);
    expect(dropoffSuggestions(dropoff(30))[0]).toMatch(/^Some students/);
    const pdf = dropoffSuggestions(dropoff(30, { lesson: { id: 'l', title: 'Notes', lessonType: 'PDF' } }));
    expect(pdf.some((s) => s.includes('PDF'))).toBe(true);
    expect(pdf.some((s) => s.includes('video'))).toBe(false);
    const stuck = dropoffSuggestions(
      dropoff(30, { strugglingIndicators: { strugglingStudents: 2, timeSpentBeforeDropoff: 3, commonExitPoints: [], recoveryRate: 0 } }),
    );
    expect(stuck.at(-1)).toBe('Reach out to the 2 students who have been stuck for more than 7 days.');
  });

  it('suggests nothing and gives no verdict from a sample the server judged too small', () => {
    // One student who opened the lesson: 100% drop-off, once 'High' with suggestions.
    const tiny = dropoff(100, { severity: null, studentsStarted: 1, studentsCompleted: 0 });
    expect(dropoffSuggestions(tiny)).toEqual([]);
    expect(severityTone(tiny.severity)).toEqual({ label: 'No verdict yet', tone: null });
    expect(severityTone('high')).toEqual({ label: 'High', tone: 'rose' });
    expect(sampleSize(1234)).toBe('n = 1,234');
    expect(VERDICT_RULE).toBe('Verdicts need at least 5 students');
  });

  it('words the estimated completion when there is no date', () => {
    const fmt = (iso: string) => iso.slice(0, 10);
    expect(completionEstimate(student({}), fmt)).toBe('2026-06-01');
    expect(completionEstimate(student({ predictedCompletionDate: null, lessonsLeft: 0 }), fmt)).toBe('All lessons done');
    expect(completionEstimate(student({ predictedCompletionDate: null, lessonsLeft: 3 }), fmt)).toBe('No pace yet');
  });

  it('says under every tab how its figures are computed', () => {
    expect(TABS).toHaveLength(7);
    for (const t of TABS) expect(t.note.length).toBeGreaterThan(40);
  });
});

describe('tutorial PDF insight', () => {
  const base: TutorialPdf = {
    lessonsWithTutorial: 1,
    downloads: 2,
    startedPairs: 6,
    downloadedPairs: 2,
    downloadRate: 50,
    completionRateWithDownload: 100,
    completionRateWithoutDownload: 50,
    correlationWithCompletion: 0.58,
  };
  it('states the measured completion rates and the strength of the link', () => {
    expect(tutorialInsight(base)).toBe(
      'Students who downloaded the tutorial completed the lesson 100% of the time, against 50% for those who did not: a strong positive link between downloading and completing.',
    );
    expect(tutorialInsight({ ...base, correlationWithCompletion: -0.35 })).toContain('a moderate negative link');
    expect(tutorialInsight({ ...base, correlationWithCompletion: 0.05 })).toContain('no clear link');
  });
  it('holds the link back below the minimum sample', () => {
    expect(tutorialInsight({ ...base, startedPairs: 4 })).toMatch(/too few to relate downloads to completion/);
    expect(tutorialInsight({ ...base, startedPairs: 4 })).toContain('n = 4');
  });
  it('never invents a figure when there is none', () => {
    expect(tutorialInsight({ ...base, lessonsWithTutorial: 0 })).toBe('No lesson has a tutorial PDF yet.');
    expect(tutorialInsight({ ...base, startedPairs: 0 })).toBe('No student has started a lesson with a tutorial PDF yet.');
    expect(tutorialInsight({ ...base, correlationWithCompletion: null })).toMatch(/^Not enough data yet/);
  });
});

describe('formats', () => {
  it('shows missing figures as "No data yet" and signs changes', () => {
    expect(formatPercent(null)).toBe('No data yet');
    expect(formatPercent(43)).toBe('43%');
    expect(formatChange(12.5)).toBe('+12.5%');
    expect(formatChange(-3)).toBe('−3%');
    expect(formatChange(0)).toBe('0%');
    expect(formatChange(null)).toBe('No data yet');
  });

  it('summarises the period and the weekly charts', () => {
    expect(periodSummary({ from: null, to: '', newEnrollments: 1, lessonsCompleted: 0, activeStudents: 2 })).toBe(
      '1 new enrollment, 0 lessons completed, 2 students active in a lesson',
    );
    const rows = weeklyRows([
      { weekStart: '2026-02-25', weekEnd: '2026-03-03', newEnrollments: 2, lessonsCompleted: 0, activeStudents: 1 },
      { weekStart: '2026-03-04', weekEnd: '2026-03-10', newEnrollments: 5, lessonsCompleted: 0, activeStudents: 3 },
    ]);
    expect(rows[1]).toMatchObject({ week: 'Mar 4 – Mar 10', label: 'Mar 4' });
    expect(weeklySummary(rows, 'newEnrollments', 'new enrollments')).toBe(
      '7 new enrollments over the past 8 weeks; the most, 5, in the week of Mar 4 – Mar 10.',
    );
    expect(weeklySummary(rows, 'lessonsCompleted', 'lessons completed')).toBe('No lessons completed in the past 8 weeks.');
  });
});

describe('stuckExercises', () => {
  const x = (title: string, tried: number, passed: number) => ({
    exercise: { id: title, title },
    language: 'c' as const,
    lesson: { id: 'l', title: 'L' },
    course: { id: 'c', title: 'C' },
    tried,
    passed,
    passRate: tried ? Math.round((passed / tried) * 100) : null,
    medianSubmissionsToPass: null,
    hardestTest: null,
  });
  it('lists the exercises tried and not passed by all, the lowest pass rate first', () => {
    const list = [x('all passed', 3, 3), x('untried', 0, 0), x('half', 4, 2), x('none', 2, 0), x('half, fewer', 2, 1)];
    expect(stuckExercises(list).map((e) => e.exercise.title)).toEqual(['none', 'half', 'half, fewer']);
  });
});

describe('the exercise and quiz tables name what students fail', () => {
  const exercise = (tried: number, hardestTest: AnalyticsResponse['practice']['exercises'][number]['hardestTest']) => ({
    exercise: { id: 'x', title: 'Sum' },
    language: 'c' as const,
    lesson: { id: 'l', title: 'L' },
    course: { id: 'c', title: 'C' },
    tried,
    passed: 0,
    passRate: null,
    medianSubmissionsToPass: null,
    hardestTest,
  });
  it('names the failing test by its input, and an exercise nobody tried as not tried yet (never "none failed")', () => {
    const t = { position: 2, hidden: true, failures: 3, name: '', input: '-5 5\n', code: '' };
    expect(hardestTestText(exercise(4, t))).toBe('Test 2 (hidden): input “-5 5” (3 failures)');
    expect(hardestTestText(exercise(0, null))).toBe('Not tried yet');
    expect(hardestTestText(exercise(2, null))).toBe('No test failed');
  });
  it('names the hardest question by its text, not its number', () => {
    const q = (attempts: number, prompt: string) => ({
      quizId: 'q',
      lesson: { id: 'l', title: 'L' },
      course: { id: 'c', title: 'C' },
      attempts,
      students: attempts,
      passRate: null,
      averageScore: null,
      hardestQuestion: attempts ? { position: 2, prompt, rightPercent: 25, answered: 4 } : null,
    });
    expect(hardestQuestionText(q(4, 'What does `i++` return?'))).toBe('“What does `i++` return?”: 25% right (n = 4)');
    expect(hardestQuestionText(q(4, 'x'.repeat(200)))).toMatch(/^“x{79}…”/);
    expect(hardestQuestionText(q(0, ''))).toBe('Not tried yet');
  });
});

describe('axis labels', () => {
  it('wrap over lines instead of being cut, and mark what is left out', () => {
    expect(wrapLabel('Getting Started with C', 14, 2)).toEqual(['Getting', 'Started with C']);
    expect(wrapLabel('Short', 14, 2)).toEqual(['Short']);
    expect(wrapLabel('Pointers and memory in the real world', 12, 2)).toEqual(['Pointers and', 'memory in…']);
    expect(wrapLabel('Supercalifragilistic', 8, 2)).toEqual(['Superca…']);
  });
});
