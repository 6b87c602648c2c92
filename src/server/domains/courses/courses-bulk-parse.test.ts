import { describe, expect, it } from 'vitest';
import { BULK_UPLOAD_EXAMPLE, BULK_UPLOAD_MAX_ROWS } from '../../../common/courses-bulk-upload';
import { AppError } from '../../platform/http/errors';
import { parseBulkData, type ParsedBulkRow } from './courses-bulk-parse';

const fails = (data: string) => {
  try {
    parseBulkData(data);
  } catch (err) {
    if (err instanceof AppError) return `${err.statusCode} ${err.message}`;
    throw err;
  }
  throw new Error('expected a 400');
};
const ok = (r: ParsedBulkRow) => {
  if (!r.ok) throw new Error(`row ${r.row} failed: ${r.message}`);
  return r.value;
};

describe('parseBulkData: the whole upload', () => {
  it.each(['', '   \n\n  '])("refuses %j with 'Please enter bulk upload data'", (data) => {
    expect(fails(data)).toBe('400 Please enter bulk upload data');
  });

  it('names every missing required header', () => {
    expect(fails('chapter,title,kind,content\nA,b,VIDEO,https://x.y')).toBe(
      '400 Missing required headers: lesson, type. Expected: chapter, lesson, type, content',
    );
    expect(fails('summary\nx')).toBe(
      '400 Missing required headers: chapter, lesson, type, content. Expected: chapter, lesson, type, content',
    );
  });

  it('refuses headers without rows, too many rows, and an unclosed quote', () => {
    expect(fails('chapter,lesson,type,content\n')).toBe('400 No lesson rows found below the header line.');
    const many = [
      'chapter,lesson,type,content',
      ...Array.from({ length: BULK_UPLOAD_MAX_ROWS + 1 }, (_, i) => `C,L${i},VIDEO,https://e.x/${i}`),
    ];
    expect(fails(many.join('\n'))).toBe('400 Too many rows: 2001. At most 2,000 lessons can be uploaded at once.');
    expect(fails('chapter,lesson,type,content\nA,"never closed,VIDEO,https://e.x\nB,c,VIDEO,https://e.x')).toMatch(
      /^400 The data could not be read: a quoted field starting near row 1 is never closed\.$/,
    );
  });

  it('accepts exactly 2,000 rows', () => {
    const rows = [
      'chapter,lesson,type,content',
      ...Array.from({ length: BULK_UPLOAD_MAX_ROWS }, (_, i) => `C,L${i},VIDEO,https://e.x/${i}`),
    ];
    expect(parseBulkData(rows.join('\n'))).toHaveLength(BULK_UPLOAD_MAX_ROWS);
  });
});

describe('parseBulkData: rows', () => {
  it('reads comma-separated data with headers in any case and order, skipping blank lines', () => {
    const rows = parseBulkData('Type,CONTENT,Lesson,Chapter\r\nvideo,https://youtu.be/dQw4w9WgXcQ?t=30,Intro,Basics\r\n\r\n');
    expect(rows).toHaveLength(1);
    expect(ok(rows[0]!)).toEqual({
      row: 1,
      chapter: 'Basics',
      lesson: 'Intro',
      lessonType: 'VIDEO',
      videoUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30',
      pdfUrl: null,
      tutorialPdfUrl: null,
      summary: '',
    });
  });

  it('reads tab-separated data, where commas are ordinary characters', () => {
    const rows = parseBulkData(
      'chapter\tlesson\ttype\tcontent\tsummary\nBasics, part 1\tHello, world\tPDF\thttps://e.x/a.pdf\tFirst, second',
    );
    expect(ok(rows[0]!)).toMatchObject({
      chapter: 'Basics, part 1',
      lesson: 'Hello, world',
      lessonType: 'PDF',
      pdfUrl: 'https://e.x/a.pdf',
      summary: 'First, second',
    });
  });

  it('reads quoted fields holding commas, doubled quotes and newlines', () => {
    const data =
      'chapter,lesson,type,content,summary,tutorial_pdf\n"Basics, again","Say ""hi""",VIDEO,https://vimeo.com/76979871,"line one\nline two, still",https://e.x/t.pdf\nNext,Two,video,https://e.x/v.mp4,,';
    const rows = parseBulkData(data);
    expect(rows).toHaveLength(2);
    expect(ok(rows[0]!)).toMatchObject({
      chapter: 'Basics, again',
      lesson: 'Say "hi"',
      videoUrl: 'https://player.vimeo.com/video/76979871',
      summary: 'line one\nline two, still',
      tutorialPdfUrl: 'https://e.x/t.pdf',
    });
    expect(ok(rows[1]!)).toMatchObject({ row: 2, chapter: 'Next', lesson: 'Two' });
  });

  it('takes a mixed lesson as videoUrl|pdfUrl, or the PDF from the optional pdf column', () => {
    const rows = parseBulkData(
      'chapter,lesson,type,content,pdf\nA,one,MIXED,https://youtu.be/dQw4w9WgXcQ | https://e.x/1.pdf,\nA,two,Mixed,https://youtu.be/dQw4w9WgXcQ,https://e.x/2.pdf',
    );
    expect(ok(rows[0]!)).toMatchObject({ videoUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', pdfUrl: 'https://e.x/1.pdf' });
    expect(ok(rows[1]!)).toMatchObject({ lessonType: 'MIXED', pdfUrl: 'https://e.x/2.pdf' });
  });

  it.each([
    ['A,x,AUDIO,https://e.x', 'Invalid lesson type: AUDIO. Must be VIDEO, PDF, or MIXED'],
    ['A,x,,https://e.x', 'Invalid lesson type: . Must be VIDEO, PDF, or MIXED'],
    ['A,x,VIDEO,', 'Video URL is required for video lessons'],
    ['A,x,PDF,', 'PDF file is required for PDF lessons'],
    ['A,x,MIXED,https://youtu.be/dQw4w9WgXcQ', 'Both video URL and PDF file are required for mixed content lessons'],
    ['A,x,MIXED,|https://e.x/a.pdf', 'Both video URL and PDF file are required for mixed content lessons'],
    ['A,x,VIDEO,javascript:alert(1)', 'The video URL must be a web address starting with http:// or https://'],
    ['A,x,PDF,ftp://e.x/a.pdf', 'The PDF URL must be a web address starting with http:// or https://'],
    [',x,VIDEO,https://e.x', 'Chapter error: Chapter title is required'],
    ['A,,VIDEO,https://e.x', 'Lesson title is required'],
  ])('reports the row %j as %j', (line, message) => {
    const [row] = parseBulkData(`chapter,lesson,type,content\n${line}`);
    expect(row).toMatchObject({ ok: false, message });
  });

  it('parses the example shown in the editor without errors', () => {
    expect(parseBulkData(BULK_UPLOAD_EXAMPLE).every((r) => r.ok)).toBe(true);
  });
});
