import { getDocumentProxy } from 'unpdf';

/** The most text kept per PDF: far more than a prompt uses, little enough to store in a row. */
export const PDF_TEXT_MAX_CHARS = 50_000;
/** Pages read at most: enough for any lesson handout, and it bounds the work on a huge upload. */
const MAX_PAGES = 200;

/** Text as stored: no NUL or other control characters (PostgreSQL text refuses NUL), spaces folded. */
export function cleanExtractedText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t\u00a0]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/**
 * The text of a PDF, page after page, up to `maxChars` characters. Throws when the bytes are not a
 * readable PDF; a scanned PDF (images only) gives ''.
 */
export async function extractPdfText(data: Uint8Array, maxChars = PDF_TEXT_MAX_CHARS): Promise<string> {
  // pdf.js may take ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0, isEvalSupported: false });
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES) && length < maxChars; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      page.cleanup();
      const clean = cleanExtractedText(text);
      if (clean) {
        pages.push(clean);
        length += clean.length + 2;
      }
    }
    return pages.join('\n\n').slice(0, maxChars);
  } finally {
    await pdf.destroy();
  }
}
