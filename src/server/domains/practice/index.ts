// The practice domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { createPracticeAuthoringService } from './practice-authoring.service';
export { exerciseFigures, exerciseStatsOf, pruneOldRuns } from './practice.queries';
export { practiceRoutes } from './practice.routes';
export { createPracticeService, type PracticeService } from './practice.service';
export { createSubmissionHistoryService } from './submission-history';
export { createSubmissionReviewsService, type SubmissionReviewsService } from './submission-reviews.service';
export { submissionReviewsRoutes } from './submission-reviews.routes';
export { createSubmissionWaiter } from './submission-waiter';
