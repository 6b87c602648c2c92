// The similarity domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { similarityRoutes } from './similarity.routes';
export { createSimilarityService, SIMILARITY_CHECK_TASK, type SimilarityService } from './similarity.service';
