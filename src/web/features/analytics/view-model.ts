import {
  ANALYTICS_RANGES,
  AnalyticsRules,
  AnalyticsMessages,
  confidenceLevel,
  DEFAULT_ANALYTICS_RANGE,
  difficultyColor,
  dropoffSeverity,
  needsIntervention,
  predictionNote,
  riskColor,
  type AnalyticsRange,
  type AnalyticsResponse,
  type EngagementTrend,
  type VelocityStudent,
} from '@common/analytics';
import { ENGAGEMENT_TEXTS, NO_TEST_FAILED, NOT_TRIED_YET, testLabel, truncateText } from '@common/analytics-texts';
import { formatDayWithoutYear } from '@web/lib/format-date';

/**
 * What the analytics screen shows, worked out from the API answer without React: texts,
 * thresholds turned into tones, sentences and chart rows. Tested in view-model.test.ts.
 */

type Dropoff = AnalyticsResponse['dropoffAnalysis'][number];
type TutorialPdf = AnalyticsResponse['contentEngagement']['tutorialPdf'];
type Prediction = AnalyticsResponse['predictiveTrends'][number];

const MIN = AnalyticsRules.verdictMinStudents;

/** The seven tabs, each with the line under it that says how its figures are computed. */
export const TABS = [
  {
    value: 'overview',
    label: 'Overview',
    note: `Approved students and every enrollment as of today. ${ENGAGEMENT_TEXTS.active.label}: ${ENGAGEMENT_TEXTS.active.description.toLowerCase()}, on every figure of this page; a course's completion rate is its enrollments at 100%.`,
  },
  {
    value: 'learning-paths',
    label: 'Learning Paths',
    note: `Per published course, from every started lesson: drop-off is the share of students who started a lesson and have not completed it; a chapter's difficulty is 100 minus the share of its started lessons completed, given from ${MIN} students.`,
  },
  {
    value: 'content',
    label: 'Content Engagement',
    note: 'Counted from the learning events of the course screen and the AI tutor’s questions in the chosen range; exercises and quizzes from students’ graded submissions and attempts.',
  },
  {
    value: 'dropoff',
    label: 'Dropoff Analysis',
    note: `Lessons where more than ${AnalyticsRules.globalDropoffAbovePercent}% of the students who started them have not completed them, the top ${AnalyticsRules.globalDropoffTop}; a severity and suggestions only from ${MIN} students who started.`,
  },
  {
    value: 'velocity',
    label: 'Learning Velocity',
    note: `Pace is lessons completed per week since the first enrollment; estimated completion is the lessons left in the student's courses at that pace. Risk is weighed only while lessons are left.`,
  },
  {
    value: 'predictions',
    label: 'Predictions',
    note: 'Straight-line forecasts from the last 4 weeks of enrollments and activity; the confidence is a fixed figure per forecast, not a statistical measure.',
  },
  {
    value: 'weekly',
    label: 'Weekly Trends',
    note: `${AnalyticsRules.weeklyBuckets} weeks of ${AnalyticsRules.bucketDays} UTC days, the last ending today: new enrollments, lessons completed and the students active in each (who did something in a lesson that week).`,
  },
] as const;
export type AnalyticsTab = (typeof TABS)[number]['value'];

export const parseTab = (value: string | null): AnalyticsTab => TABS.find((t) => t.value === value)?.value ?? 'overview';
export const parseRange = (value: string | null): AnalyticsRange => ANALYTICS_RANGES.find((r) => r === value) ?? DEFAULT_ANALYTICS_RANGE;

/** Said on the screen wherever a verdict is held back. */
export const VERDICT_RULE = `Verdicts need at least ${MIN} students`;

/** A measurable figure with nothing to compute from yet (null in the answer). */
export const NO_DATA = 'No data yet';
export const NOT_TRACKED = AnalyticsMessages.notTracked;

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
export const formatNumber = (n: number) => numberFormat.format(n);
/** The sample beside a rate: "n = 12". */
export const sampleSize = (n: number) => `n = ${formatNumber(n)}`;

/** A percent figure, or NO_DATA when the answer has none. */
export const formatPercent = (n: number | null) => (n === null ? NO_DATA : `${formatNumber(n)}%`);
/** Minutes with one decimal, or NO_DATA. */
export const formatMinutes = (n: number | null) => (n === null ? NO_DATA : `${formatNumber(n)} min`);

/** A signed change: "+12.5%", "−3%", "0%"; NO_DATA when it cannot be computed (current value 0). */
export function formatChange(pct: number | null): string {
  if (pct === null) return NO_DATA;
  if (pct > 0) return `+${formatNumber(pct)}%`;
  if (pct < 0) return `−${formatNumber(-pct)}%`;
  return '0%';
}

/** A signed number of lessons per week (acceleration). */
export function formatSigned(n: number): string {
  if (n > 0) return `+${formatNumber(n)}`;
  if (n < 0) return `−${formatNumber(-n)}`;
  return '0';
}

/** "1 lesson", "3 lessons". */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** A week of the weekly buckets, by its first and last UTC day ("Mar 4 – Mar 10"). */
export const formatWeek = (w: { weekStart: string; weekEnd: string }) =>
  `${formatDayWithoutYear(w.weekStart)} – ${formatDayWithoutYear(w.weekEnd)}`;

export type Tone = 'green' | 'amber' | 'rose';

/** The label and tone of a severity given by the server; null (too few students): no verdict. */
export function severityTone(severity: 'high' | 'medium' | 'low' | null): { label: string; tone: Tone | null } {
  if (severity === null) return { label: 'No verdict yet', tone: null };
  return {
    label: { high: 'High', medium: 'Medium', low: 'Low' }[severity],
    tone: ({ high: 'rose', medium: 'amber', low: 'green' } as const)[severity],
  };
}

/** Drop-off: above 60 high (red), above 40 medium (amber), else low (green). */
export function dropoffTone(rate: number): { severity: 'high' | 'medium' | 'low'; label: string; tone: Tone } {
  const severity = dropoffSeverity(rate);
  return {
    severity,
    label: { high: 'High', medium: 'Medium', low: 'Low' }[severity],
    tone: ({ high: 'rose', medium: 'amber', low: 'green' } as const)[severity],
  };
}

/** Difficulty: above 70 red, above 40 yellow, otherwise green; no score without a started lesson. */
export function difficultyTone(score: number | null): Tone | null {
  if (score === null) return null;
  return ({ red: 'rose', yellow: 'amber', green: 'green' } as const)[difficultyColor(score)];
}

/** Risk factors: 0 green, 1 to 2 yellow, 3 or more red. */
export const riskTone = (count: number): Tone => (({ red: 'rose', yellow: 'amber', green: 'green' }) as const)[riskColor(count)];

/** Prediction confidence: above 75 high, above 50 medium, otherwise low. */
export function confidenceBadge(confidence: number): { label: string; tone: Tone } {
  const level = confidenceLevel(confidence);
  return {
    label: `${{ high: 'High', medium: 'Medium', low: 'Low' }[level]} confidence (${confidence}%)`,
    tone: ({ high: 'green', medium: 'amber', low: 'rose' } as const)[level],
  };
}

/** A positive note above 80 with a rise, a decline warning above 75 with a fall, else none. */
export function predictionMessage(p: Prediction): { kind: 'positive' | 'warning'; text: string } | null {
  const note = predictionNote(p.confidence, p.percentChange);
  if (note === 'positive')
    return {
      kind: 'positive',
      text: `Strong outlook: ${p.label.toLowerCase()} is expected to rise ${formatChange(p.percentChange)} (${p.timeframe.toLowerCase()}).`,
    };
  if (note === 'warning')
    return {
      kind: 'warning',
      text: `Decline warning: ${p.label.toLowerCase()} is expected to fall ${formatChange(p.percentChange)} (${p.timeframe.toLowerCase()}). Consider acting now.`,
    };
  return null;
}

export const TREND_LABELS: Record<EngagementTrend, string> = { increasing: 'Increasing', stable: 'Stable', decreasing: 'Decreasing' };

/** The Learning Velocity section: the intervention note or, for a rising trend, the positive-trend note. */
export function velocityNote(s: VelocityStudent): { kind: 'positive' | 'intervention'; text: string } | null {
  if (needsIntervention(s.engagementTrend, s.riskFactors.length)) {
    return {
      kind: 'intervention',
      text: 'Intervention recommended: engagement is falling and several risk factors apply. Consider reaching out.',
    };
  }
  if (s.engagementTrend === 'increasing') {
    return {
      kind: 'positive',
      text: `Positive trend: ${formatNumber(s.recentLessonsPerWeek)} lessons a week recently, up from ${formatNumber(s.averageLessonsPerWeek)}.`,
    };
  }
  return null;
}

/** Improvement suggestions of a drop-off lesson, by severity (the drop-off thresholds), lesson type and what the indicators show. */
export function dropoffSuggestions(d: Dropoff): string[] {
  // Below the minimum sample the server gives no severity, and nothing is suggested from it.
  const { severity } = d;
  if (severity === null) return [];
  const out: string[] = [];
  if (severity === 'high')
    out.push('Most students who start this lesson do not finish it: review its difficulty and split it into shorter steps.');
  else if (severity === 'medium') out.push('Many students stop here: add a short recap or a worked example before the hardest part.');
  else out.push('Some students stop here: check that the lesson’s goal and next step are clear.');
  if (d.lesson.lessonType === 'VIDEO' || d.lesson.lessonType === 'MIXED')
    out.push('Keep videos short, or add chapter markers so students can find their place again.');
  if (d.lesson.lessonType === 'PDF' || d.lesson.lessonType === 'MIXED')
    out.push('Break the PDF into shorter sections with exercises in between.');
  const stuck = d.strugglingIndicators.strugglingStudents;
  if (stuck > 0)
    out.push(`Reach out to the ${plural(stuck, 'student')} who ${stuck === 1 ? 'has' : 'have'} been stuck for more than 7 days.`);
  return out;
}

/** How strong a phi coefficient is, in words. */
export function correlationStrength(phi: number): string {
  const a = Math.abs(phi);
  const direction = phi > 0 ? 'positive' : 'negative';
  if (a >= 0.5) return `strong ${direction}`;
  if (a >= 0.3) return `moderate ${direction}`;
  if (a >= 0.1) return `weak ${direction}`;
  return 'no clear';
}

/** The Content Engagement section: the tutorial PDF's insight sentence, from measured figures only. */
export function tutorialInsight(t: TutorialPdf): string {
  if (t.lessonsWithTutorial === 0) return 'No lesson has a tutorial PDF yet.';
  if (t.startedPairs === 0) return 'No student has started a lesson with a tutorial PDF yet.';
  if (t.startedPairs < MIN)
    return `Only ${plural(t.startedPairs, 'started lesson')} with a tutorial PDF (n = ${t.startedPairs}): too few to relate downloads to completion. ${VERDICT_RULE}.`;
  if (t.correlationWithCompletion === null || t.completionRateWithDownload === null || t.completionRateWithoutDownload === null) {
    return 'Not enough data yet to relate tutorial downloads to lesson completion: it needs students who downloaded and students who did not, some finishing and some not.';
  }
  const link = correlationStrength(t.correlationWithCompletion);
  return `Students who downloaded the tutorial completed the lesson ${t.completionRateWithDownload}% of the time, against ${t.completionRateWithoutDownload}% for those who did not: ${link === 'no clear' ? 'no clear link' : `a ${link} link`} between downloading and completing.`;
}

/** The summary line of the range-filtered figures ("active": did something in a lesson in the range). */
export function periodSummary(p: AnalyticsResponse['period']): string {
  return `${plural(p.newEnrollments, 'new enrollment')}, ${plural(p.lessonsCompleted, 'lesson')} completed, ${plural(p.activeStudents, 'student')} active in a lesson`;
}

/** What Top Performing Courses are ranked by, said under the list (rankCourses on the server). */
export const TOP_COURSES_RANKING = `Published courses with students, ranked by completion rate, then average progress; courses with fewer than ${MIN} students come after the others.`;

type ExerciseRow = AnalyticsResponse['practice']['exercises'][number];
type QuizRow = AnalyticsResponse['quizzes']['quizzes'][number];

/** How much of a question's text the quiz table shows (the whole text is its tooltip). */
export const QUESTION_TEXT_MAX = 80;

/**
 * The test an exercise's students fail most, named by its input (or name, or test code), with how
 * often; 'Not tried yet' before any submission, never "none failed".
 */
export function hardestTestText(x: ExerciseRow): string {
  if (x.tried === 0) return NOT_TRIED_YET;
  if (!x.hardestTest) return NO_TEST_FAILED;
  return `${testLabel(x.hardestTest)} (${plural(x.hardestTest.failures, 'failure')})`;
}

/** The question a quiz's students get wrong most, by its text (cut short), with its share right. */
export function hardestQuestionText(q: QuizRow): string {
  if (q.attempts === 0) return NOT_TRIED_YET;
  const h = q.hardestQuestion;
  if (!h) return NO_DATA;
  return `“${truncateText(h.prompt, QUESTION_TEXT_MAX)}”: ${formatPercent(h.rightPercent)} right (n = ${formatNumber(h.answered)})`;
}

// ---- Chart rows (and the text alternatives beside each chart) ----

export type WeeklyRow = { week: string; label: string; newEnrollments: number; lessonsCompleted: number; activeStudents: number };
export const weeklyRows = (weeks: AnalyticsResponse['weeklyEngagement']): WeeklyRow[] =>
  weeks.map((w) => ({
    week: formatWeek(w),
    label: formatDayWithoutYear(w.weekStart),
    newEnrollments: w.newEnrollments,
    lessonsCompleted: w.lessonsCompleted,
    activeStudents: w.activeStudents,
  }));

export type ChapterRow = { chapter: string; completionRate: number | null; difficultyScore: number | null };
export const chapterRows = (path: AnalyticsResponse['learningPathInsights'][number]): ChapterRow[] =>
  path.difficultyProgression.map((c) => ({
    chapter: c.chapter.title,
    completionRate: c.completionRate,
    difficultyScore: c.difficultyScore,
  }));

export type DropoffRow = { lesson: string; course: string; dropoffRate: number; started: number; tone: Tone | null };
export const dropoffRows = (items: Dropoff[]): DropoffRow[] =>
  items.map((d) => ({
    lesson: d.lesson.title,
    course: d.course.title,
    dropoffRate: d.dropoffRate,
    started: d.studentsStarted,
    tone: severityTone(d.severity).tone,
  }));

/** The estimated completion of a student, in words when there is no date. */
export function completionEstimate(s: VelocityStudent, formatDate: (iso: string) => string): string {
  if (s.predictedCompletionDate !== null) return formatDate(s.predictedCompletionDate);
  if (s.lessonsLeft === 0) return 'All lessons done';
  return 'No pace yet';
}

export type DistributionRow = { label: string; enrollments: number };
export const distributionRows = (buckets: AnalyticsResponse['progressDistribution']): DistributionRow[] =>
  buckets.map((b) => ({ label: b.label, enrollments: b.enrollments }));

/** A one-sentence summary of a chart for its accessible name. */
export function weeklySummary(rows: WeeklyRow[], key: 'newEnrollments' | 'lessonsCompleted' | 'activeStudents', what: string): string {
  const total = rows.reduce((s, r) => s + r[key], 0);
  const peak = rows.reduce<WeeklyRow | null>((best, r) => (best === null || r[key] > best[key] ? r : best), null);
  if (!peak || total === 0) return `No ${what} in the past ${AnalyticsRules.weeklyBuckets} weeks.`;
  return `${formatNumber(total)} ${what} over the past ${AnalyticsRules.weeklyBuckets} weeks; the most, ${formatNumber(peak[key])}, in the week of ${peak.week}.`;
}

/** Whether a chart would show anything at all. */
export const hasAny = <T>(rows: T[], value: (row: T) => number | null) => rows.some((r) => (value(r) ?? 0) > 0);

type ExerciseFigures = AnalyticsResponse['practice']['exercises'][number];

/** Exercises whose students are stuck: tried, not all passed; the lowest pass rate first, then the most tried. */
export function stuckExercises(exercises: ExerciseFigures[]): ExerciseFigures[] {
  return exercises
    .filter((x) => x.tried > 0 && x.passed < x.tried)
    .sort((a, b) => (a.passRate ?? 0) - (b.passRate ?? 0) || b.tried - a.tried || a.exercise.title.localeCompare(b.exercise.title));
}

/**
 * A chart's axis label in lines of at most `max` characters: a word longer than a line is cut, and
 * the last line ends in '…' when text is left over (the whole text is the label's tooltip).
 */
export function wrapLabel(text: string, max: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= max) line = next;
    else {
      if (line) lines.push(line);
      line = word.length > max ? `${word.slice(0, max - 1)}…` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = last.length >= max ? `${last.slice(0, max - 1)}…` : `${last}…`;
  return kept;
}
