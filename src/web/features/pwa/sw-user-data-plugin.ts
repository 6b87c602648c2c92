import type { WorkboxPlugin } from 'workbox-core/types';

/**
 * A Workbox plugin for the service worker's caches of the student's own API answers: nothing of
 * one user is ever served to another. The server names the user each answer belongs to
 * (SESSION_USER_HEADER, src/common/offline.ts); the page records who is signed in (the owner,
 * src/web/lib/offline-user-data.ts). An answer is kept only when it is the owner's, and served
 * from the cache only while its user is still the owner.
 *
 * vite-plugin-pwa (generateSW) copies these functions into the generated sw.js as source text, so
 * each must stand alone: no imports, no shared helpers, only the service worker's globals. The
 * literals are SESSION_USER_HEADER, OFFLINE_CACHES.user and OWNER_URL
 * (sw-user-data-plugin.test.ts checks that they agree).
 */
export const userDataPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const user = response.headers.get('x-session-user');
    const entry = await (await caches.open('pwa-user')).match('/__pwa/owner');
    const owner = entry ? await entry.text() : null;
    return user && user === owner ? response : null;
  },

  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const entry = await (await caches.open('pwa-user')).match('/__pwa/owner');
    const owner = entry ? await entry.text() : null;
    return owner && cachedResponse.headers.get('x-session-user') === owner ? cachedResponse : null;
  },
} satisfies WorkboxPlugin;
