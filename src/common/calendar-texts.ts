/**
 * The words of a course's calendar (decision 034), without zod: the student's first screens (the dashboard's Due
 * This Week, the lesson's due dates) import these and must not download the contracts' validation library.
 */

export const LATE_POLICIES = ['accept', 'penalty', 'closed'] as const;
export type LatePolicy = (typeof LATE_POLICIES)[number];

export const CalendarMessages = {
  // Labels the tutor reads.
  release: 'Release',
  releaseOnDate: 'On a Date',
  releaseAfterEnrollment: 'Days After Enrollment',
  releaseNone: 'Open From the Start',
  dueDate: 'Due Date',
  lateSubmissions: 'Late Submissions',
  latePolicyLabels: {
    accept: 'Accept Without Penalty',
    penalty: 'Accept With a Penalty',
    closed: 'Closed',
  } satisfies Record<LatePolicy, string>,
  penaltyPerDay: 'Penalty per Day (%)',
  penaltyCap: 'Penalty Cap (%)',
  hiddenTestsAfterDue: 'Show Hidden Tests After the Due Date',
  timeZone: 'School Time Zone',
  extendDeadline: 'Extend Deadline',
  gradebook: 'Gradebook',
  myGrades: 'My Grades',
  overrideScore: 'Override Score',
  dueThisWeek: 'Due This Week',
  // The course editor's calendar (the tutor's).
  releaseDate: 'Release Date',
  exercisesWeight: 'Exercises Weight',
  quizzesWeight: 'Quizzes Weight',
  chapterDates: 'Release and Due Date',
  saveDates: 'Save Dates',
  lateAndGrading: 'Late Work and Grading',
  saveLateAndGrading: 'Save Late Work and Grading',
  lateAndGradingNotSaved: 'Late work and grading not saved',
  saveTimeZone: 'Save Time Zone',
  openFromStart: 'Open from the start',
  opensAfterDays: (days: number) => (days === 0 ? 'Opens on enrollment' : `Opens ${days} ${days === 1 ? 'day' : 'days'} after enrollment`),
  inSchoolZone: (zone: string) => `In the school's time zone, ${zone}.`,
  itemDueHint: "Optional: without one, the chapter's due date applies.",
  chapterDueHint: 'Optional: the exercises and quizzes of the chapter without a due date of their own are due then.',
  latePenaltyNow: 'Penalties are worked out whenever grades are read: a change here applies to work already handed in too.',
  hiddenTestsAfterDueHint: "Once a student's due date has passed, they see the names and results of the hidden tests.",
  weightsHint: 'The course total weighs the average of each category by these; a category without items drops out.',
  timeZoneHint: 'Every release and due date is entered and shown on this clock, for the tutor and every student.',

  // Errors, answered as 400 with nothing written.
  timeZoneInvalid: 'Choose a time zone from the list, such as Europe/Berlin.',
  dueBeforeRelease: 'The due date is before the chapter opens. Choose a due date after its release.',
  releaseBothWays: 'A chapter opens on a date or a number of days after enrollment, not both.',
  releaseDaysInvalid: 'The days after enrollment are a whole number from 0 to 3650.',
  penaltyInvalid: 'A penalty is a whole percent from 0 to 100.',
  weightInvalid: 'A weight is a whole number of 0 or more, and the two weights cannot both be 0.',
  extensionNotEnrolled: 'This student is not enrolled in the course, so their deadline cannot be extended.',
  extensionItemInvalid: 'Choose a chapter, an exercise or a quiz of this course.',
  extensionNoStudents: 'Choose at least one student.',
  // 'Extend Deadline' (the tutor's), its refusals and its list.
  extensionsNotEnrolled: (names: string) =>
    `Not enrolled in this course: ${names}. No deadline was extended; choose enrolled students only.`,
  extensionStudentsMax: (max: number) => `Extend the deadline of at most ${max} students at a time.`,
  extensionNoDueDate: 'This item has no due date to extend. Give it (or its chapter) a due date first.',
  extensionBeforeRelease: (names: string) => `The new due date is before the chapter opens for ${names}. Choose a date after it opens.`,
  extensionReasonTooLong: (max: number) => `The reason may have at most ${max} characters.`,
  extensionNotFound: 'This extension was not found. It may have been removed already; refresh the page.',
  extensionCourseNotFound: 'This course was not found. Refresh the page and try again.',
  extensionStudentNotFound: 'This student was not found. Refresh the page and try again.',
  extensionGranted: (n: number) => (n === 1 ? 'Deadline extended for 1 student.' : `Deadline extended for ${n} students.`),
  extensionRemoved: 'Extension removed: the usual due date applies again.',
  extensionsTitle: 'Extended Deadlines',
  extensionsEmpty: 'No extended deadlines. Use Extend Deadline on a course to give this student more time.',
  extensionNewDueDate: 'New Due Date',
  extensionReason: 'Reason (Optional)',
  extensionItem: 'Chapter, Exercise or Quiz',
  extensionUsualDue: (date: string) => `Usually due ${date}`,
  quizItem: (lessonTitle: string) => `Quiz: ${lessonTitle}`,
  removeExtension: 'Remove',
  overrideScoreInvalid: 'A score is a whole percent from 0 to 100.',
  overrideReasonRequired: 'Say why the score is overridden; the reason is kept with it.',
  dateInvalid: 'Enter a date and time.',

  // What the student reads.
  lateClosed: (due: string) => `This was due ${due}. Late submissions are closed for this course.`,
  lateWarning: (due: string, penalty: number) =>
    penalty > 0
      ? `This was due ${due}. Submitting now counts as late: ${penalty}% off the score.`
      : `This was due ${due}. Submitting now counts as late, without a penalty.`,
  opensOn: (date: string) => `Opens ${date}`,
  notReleased: (date: string) => `This chapter opens ${date}.`,
  dueOn: (date: string) => `Due ${date}`,
  // The student's due dates and late work (the lesson, the results, the dashboard).
  duePassed: 'Past Due',
  dueExtended: 'Extended',
  lateBy: (days: number, penalty: number) =>
    `Submitted ${days} ${days === 1 ? 'day' : 'days'} late${penalty > 0 ? `: ${penalty}% off the score` : ', without a penalty'}.`,
  lateShort: (days: number, penalty: number) => `Late: ${days} ${days === 1 ? 'day' : 'days'}${penalty > 0 ? `, ${penalty}% off` : ''}`,
  scoreAfterPenalty: (score: number, raw: number) => `Score ${score}% after the late penalty (${raw}% before).`,
  dueThisWeekEmpty: 'Nothing is due in the next 7 days. Well done!',
  dueThisWeekPreview: 'Due dates are per student: your students see theirs here.',
  overdue: 'Overdue',
  lateClosedShort: 'Closed',
  hiddenTestsShown: 'The due date has passed: hidden tests show their names.',
} as const;
