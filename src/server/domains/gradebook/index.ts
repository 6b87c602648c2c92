// The gradebook domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { gradebookRoutes } from './gradebook.routes';
export { createGradebookService, type GradebookService } from './gradebook.service';
