/**
 * The page's origin (`https://school.example`), for an embedded player that must be told where it is
 * shown; undefined where the page is rendered to HTML on the server (src/web/prerender.tsx), which
 * has no window: the player is only ever put on the page in the browser.
 */
export const pageOrigin = (): string | undefined => (typeof window === 'undefined' ? undefined : window.location.origin);
