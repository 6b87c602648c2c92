// The quizzes domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { createQuizzesAuthoringService } from './quizzes-authoring.service';
export { quizAttemptTotals, quizFigures, quizStatsOf } from './quizzes.queries';
export { quizzesRoutes } from './quizzes.routes';
export { createQuizzesService } from './quizzes.service';
