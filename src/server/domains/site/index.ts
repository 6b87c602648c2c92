// The site domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { contactRoutes } from './contact.routes';
export { createContactService } from './contact.service';
export { healthRoutes } from './health.routes';
export { createHealthService } from './health.service';
export { publicConfigRoutes } from './public-config.routes';
export { pwaRoutes } from './pwa.routes';
