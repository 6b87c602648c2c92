import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real PDF (pdf-lib, Helvetica) with one page per entry, each page's lines drawn top-down: text an extractor can read. */
export async function textPdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((text, i) => page.drawText(text, { x: 50, y: 790 - i * 18, size: 11, font }));
  }
  return Buffer.from(await doc.save());
}
