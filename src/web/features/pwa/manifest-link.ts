import { MANIFEST_PATH } from '@common/web-page';

/**
 * Links the manifest to the page. Chrome fetches a linked manifest at once, and the app's icon
 * after it (15 KB), so the link is added by the app once the page has loaded and is idle (main.tsx),
 * not written in the page: on a phone's connection those two downloads competed with the page's
 * own scripts and answers before its first paint. The browser's install offer comes a moment
 * later; nothing else reads the manifest.
 */
export function linkManifest(doc: Document = document): void {
  if (doc.head.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_PATH;
  doc.head.append(link);
}
