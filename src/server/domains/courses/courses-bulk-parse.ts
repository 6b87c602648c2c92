import Papa from 'papaparse';
import { BULK_REQUIRED_HEADERS, BULK_UPLOAD_MAX_ROWS, BulkMessages } from '../../../common/courses-bulk-upload';
import { CHAPTER_TITLE_MAX, LESSON_SUMMARY_MAX, LESSON_TITLE_MAX, LessonMessages, type LessonType, URL_MAX } from '../../../common/courses';
import { isWebUrl, toEmbedUrl } from '../../../common/video';
import { badRequest } from '../../platform/http/errors';

/** A row that passed every check and can be written as it is. */
export type ValidBulkRow = {
  row: number;
  chapter: string;
  lesson: string;
  lessonType: LessonType;
  videoUrl: string | null;
  pdfUrl: string | null;
  tutorialPdfUrl: string | null;
  summary: string;
};
export type ParsedBulkRow = { row: number; chapter: string; lesson: string } & (
  { ok: true; value: ValidBulkRow } | { ok: false; message: string }
);

const TYPES = new Set(['VIDEO', 'PDF', 'MIXED']);

function checkPdfUrl(value: string, notWeb: string): string | undefined {
  if (value.length > URL_MAX) return `URLs must be at most ${URL_MAX} characters.`;
  return isWebUrl(value) ? undefined : notWeb;
}

/** Validates one data row; every message is the one the editor's add-lesson form would give. */
function validateRow(row: number, cell: (name: string) => string): ParsedBulkRow {
  const chapter = cell('chapter');
  const lesson = cell('lesson');
  const base = { row, chapter, lesson };
  const fail = (message: string): ParsedBulkRow => ({ ...base, ok: false, message });

  if (!chapter) return fail(BulkMessages.chapterRequired);
  if (chapter.length > CHAPTER_TITLE_MAX) return fail(BulkMessages.chapterTooLong(CHAPTER_TITLE_MAX));
  if (!lesson) return fail(LessonMessages.titleRequired);
  if (lesson.length > LESSON_TITLE_MAX) return fail(`The lesson title must be at most ${LESSON_TITLE_MAX} characters.`);
  const type = cell('type').toUpperCase();
  if (!TYPES.has(type)) return fail(BulkMessages.invalidType(type));
  const lessonType = type as LessonType;

  const content = cell('content');
  let videoPart = '';
  let pdfPart = '';
  if (lessonType === 'VIDEO') videoPart = content;
  if (lessonType === 'PDF') pdfPart = content;
  if (lessonType === 'MIXED') {
    const extraPdf = cell('pdf');
    if (extraPdf) {
      videoPart = content;
      pdfPart = extraPdf;
    } else {
      const [v = '', p = ''] = content.split('|').map((s) => s.trim());
      videoPart = v;
      pdfPart = p;
    }
  }
  if (lessonType === 'VIDEO' && !videoPart) return fail(LessonMessages.videoRequired);
  if (lessonType === 'PDF' && !pdfPart) return fail(LessonMessages.pdfRequired);
  if (lessonType === 'MIXED' && !(videoPart && pdfPart)) return fail(LessonMessages.bothRequired);

  let videoUrl: string | null = null;
  if (videoPart) {
    const v = toEmbedUrl(videoPart);
    if (!v.ok) return fail(v.message);
    videoUrl = v.url;
  }
  if (pdfPart) {
    const bad = checkPdfUrl(pdfPart, LessonMessages.pdfUrlNotWeb);
    if (bad) return fail(bad);
  }
  const tutorial = cell('tutorial_pdf');
  if (tutorial) {
    const bad = checkPdfUrl(tutorial, LessonMessages.tutorialUrlNotWeb);
    if (bad) return fail(bad);
  }
  const summary = cell('summary');
  if (summary.length > LESSON_SUMMARY_MAX) return fail(`The summary must be at most ${LESSON_SUMMARY_MAX} characters.`);
  return {
    ...base,
    ok: true,
    value: { row, chapter, lesson, lessonType, videoUrl, pdfUrl: pdfPart || null, tutorialPdfUrl: tutorial || null, summary },
  };
}

/**
 * Reads the pasted text: headers on the first line split by tab or comma, any case;
 * quoted fields may hold commas, quotes and newlines. Whole-upload problems (no data, missing
 * headers, too many rows, an unclosed quote) throw a 400; row problems come back per row.
 */
export function parseBulkData(data: string): ParsedBulkRow[] {
  const text = data.replace(/^\uFEFF/, '');
  if (!text.trim()) throw badRequest(BulkMessages.dataRequired);
  const firstLine = text.trimStart().split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes('\t') ? '\t' : ',';
  const parsed = Papa.parse<string[]>(text.trimStart(), { delimiter, skipEmptyLines: 'greedy', header: false });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) {
    // Papaparse counts the header as row 0, so its row index is already our 1-based data row.
    const row = Math.max(1, quoteError.row ?? 1);
    throw badRequest(quoteError.code === 'MissingQuotes' ? BulkMessages.unclosedQuote(row) : BulkMessages.badQuote(row));
  }

  const [headerRow = [], ...rows] = parsed.data;
  const headers = headerRow.map((h) => h.trim().toLowerCase());
  const missing = BULK_REQUIRED_HEADERS.filter((h) => !headers.includes(h));
  if (missing.length) throw badRequest(BulkMessages.missingHeaders(missing));
  if (rows.length === 0) throw badRequest(BulkMessages.noRows);
  if (rows.length > BULK_UPLOAD_MAX_ROWS) throw badRequest(BulkMessages.tooManyRows(rows.length));

  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    if (!index.has(h)) index.set(h, i);
  });
  return rows.map((cells, i) =>
    validateRow(i + 1, (name) => {
      const at = index.get(name);
      return at === undefined ? '' : (cells[at] ?? '').trim();
    }),
  );
}
