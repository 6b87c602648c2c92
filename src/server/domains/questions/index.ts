// The questions domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { questionsRoutes } from './questions.routes';
export { createQuestionsService, unansweredQuestionCount, type QuestionsService } from './questions.service';
