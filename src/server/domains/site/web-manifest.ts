// The web app manifest (what the browser's install prompt and the installed app show). Built by the
// server from APP_NAME, so one setting names the product everywhere without a rebuild.

/** The brand colours of src/web/styles.css (light theme): the primary indigo and the page background. */
export const THEME_COLOR = '#4f46e5';
export const BACKGROUND_COLOR = '#f8fafc';

/** Generated from public/favicon.svg by scripts/generate-icons.ts. */
export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** Home screens show about 12 characters; a longer name is cut at a word boundary when one is close. */
export function shortNameOf(appName: string): string {
  if (appName.length <= 12) return appName;
  const cut = appName.slice(0, 12);
  if (appName.charAt(12) === ' ') return cut.trim();
  const space = cut.lastIndexOf(' ');
  return (space >= 4 ? cut.slice(0, space) : cut).trim();
}

export function webManifest(appName: string) {
  return {
    id: '/',
    name: appName,
    short_name: shortNameOf(appName),
    description: 'Learn programming step by step with a personal tutor: video lessons, PDFs, progress tracking and an AI study helper.',
    lang: 'en',
    dir: 'ltr',
    // Signed in: the student's (or tutor's) home; signed out: the sign-in page.
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['education'],
    icons: MANIFEST_ICONS,
  };
}
