// The ai-tutor domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { type PracticeContext } from './ai-tutor.prompt';
export { aiTutorRoutes } from './ai-tutor.routes';
export { createAiTutorService } from './ai-tutor.service';
export { aiTutorOversightRoutes } from './ai-tutor-oversight.routes';
export { createAiTutorOversightService, readConversationForTutor, type AiTutorOversightService } from './ai-tutor-oversight.service';
