// The media-helpers domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { SEED_THUMBNAILS, seedThumbnailUrl } from './demo-thumbnails';
export { createUsageBudget } from './media-helpers-budget.service';
export { mediaConfigOf } from './media-helpers-config';
export { mediaHelpersRoutes } from './media-helpers.routes';
export { createMediaHelpersService } from './media-helpers.service';
export { citedSources, createWebSources, type WebSources } from './web-sources';
