import { toast } from 'sonner';
import { APP_NAME } from '@web/lib/brand';

export const shareText = (courseTitle: string, verifyUrl: string) =>
  `I completed "${courseTitle}" on ${APP_NAME}! Verify my certificate: ${verifyUrl}`;

/** The device's share sheet where there is one; otherwise the text with the verification link goes to the clipboard. */
export async function shareCertificate(courseTitle: string, verifyUrl: string) {
  const text = shareText(courseTitle, verifyUrl);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: `Certificate: ${courseTitle}`, text, url: verifyUrl });
      return;
    } catch (error) {
      // The student closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Copied to Clipboard', { description: 'Share it anywhere: the text includes the link that verifies your certificate.' });
  } catch {
    toast.error('Could Not Share', { description: `Copy this link instead: ${verifyUrl}` });
  }
}
