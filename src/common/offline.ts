/**
 * Names the user an authenticated GET answer belongs to. The service worker keeps an offline copy of
 * the student's own answers only with this header, and serves it back only to that user
 * (src/web/features/pwa/sw-user-data-plugin.ts).
 */
export const SESSION_USER_HEADER = 'x-session-user';
