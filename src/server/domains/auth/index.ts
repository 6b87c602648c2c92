// The auth domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { loadCodeSecret, takeRateLimit } from './auth.queries';
export { authRoutes } from './auth.routes';
export { createAuthService } from './auth.service';
export { createCodeService } from './codes.service';
export { schedulePruning } from './maintenance';
export { createSessionService } from './sessions.service';
export { fullNameOf, toSessionUser } from './user-view';
