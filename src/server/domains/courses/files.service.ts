import crypto from 'node:crypto';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { chapters, files, lessons, type FileRow, type UserRow } from '../../platform/db/schema/index';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import { extractPdfText } from '../../platform/storage/pdf-text';
import { newStorageKey, type FileStorage } from '../../platform/storage/storage';
import { ErrorCode } from '../../../common/errors';
import { MediaMessages } from '../../../common/media-helpers-texts';
import { UploadMessages } from '../../../common/files';
import type { Queryable, Tx } from '../../platform/db/transaction';
import { isUuid } from '../../platform/http/ids';

export const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
/** A real PDF starts with the bytes %PDF-; its name and declared type prove nothing. */
export const isPdf = (data: Buffer) => data.length > PDF_MAGIC.length && data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);

/** A display name without folders or control characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  return clean || 'document.pdf';
}

/**
 * The name a served PDF is saved under: the upload's base name with a .pdf ending, whatever the
 * upload was called. The bytes are always a PDF (checked at upload), and a file saved as
 * "notes.html" or "setup.exe" would be opened by the wrong program, or run.
 */
export function pdfDownloadName(name: string | undefined): string {
  const clean = cleanFileName(name);
  const stem = (/\.pdf$/i.test(clean) ? clean.slice(0, -4) : clean.replace(/\.[a-z0-9]{1,8}$/i, '')).replace(/[.\s]+$/, '').slice(0, 196);
  return `${stem || 'document'}.pdf`;
}

/** A Content-Disposition value naming `name`: a plain ASCII copy for old clients, and the exact name (RFC 6266). */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * as they are; the extended form allows none of them.
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** A write the storage refused: a full disk (or quota) says so; anything else is a passing failure. Nothing is recorded either way. */
function storageFailure(err: unknown): AppError {
  const code = (err as { code?: unknown }).code;
  return code === 'ENOSPC' || code === 'EDQUOT'
    ? new AppError(507, ErrorCode.storageFull, UploadMessages.storageFull, UploadMessages.failedTitle, { cause: err })
    : new AppError(503, ErrorCode.unavailable, UploadMessages.storageFailed, UploadMessages.failedTitle, { cause: err });
}

export type FilesServiceDeps = { db: Db; storage: FileStorage; log: { warn: (obj: object, msg: string) => void } };

export function createFilesService({ db, storage, log }: FilesServiceDeps) {
  /** The PDF's text for the AI tutor; '' (and a warning) when the PDF cannot be read: that never fails an upload. */
  async function textOf(data: Buffer, fileId?: string): Promise<string> {
    try {
      return await extractPdfText(data);
    } catch (err) {
      log.warn({ err, fileId }, 'no text could be extracted from a PDF');
      return '';
    }
  }

  async function removeBlobs(keys: string[]): Promise<void> {
    for (const key of keys) {
      await storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'stored file could not be deleted'));
    }
  }

  return {
    /** Stores the bytes, then the row (with the PDF's text, extracted once here); a failed insert leaves no stray file behind. */
    async store(data: Buffer, name: string | undefined, uploadedBy: string): Promise<FileRow> {
      const extractedText = await textOf(data);
      const key = newStorageKey('pdf');
      try {
        await storage.put(key, data);
      } catch (err) {
        throw storageFailure(err);
      }
      try {
        const [row] = await db
          .insert(files)
          .values({
            storageKey: key,
            originalName: cleanFileName(name),
            contentType: 'application/pdf',
            sizeBytes: data.length,
            sha256: crypto.createHash('sha256').update(data).digest('hex'),
            extractedText,
            textExtractedAt: new Date(),
            uploadedBy,
          })
          .returning();
        return row!;
      } catch (err) {
        await storage.delete(key).catch(() => {});
        throw err;
      }
    },

    /**
     * The file for a reader: the admin always; an approved student only when enrolled in the
     * course of a lesson that uses the file (as its PDF or its tutorial PDF).
     */
    async openFor(user: UserRow, fileId: string) {
      if (!isUuid(fileId)) throw notFound(UploadMessages.fileNotFound);
      const [file] = await db.select().from(files).where(eq(files.id, fileId));
      if (!file) throw notFound(UploadMessages.fileNotFound);
      if (user.role !== 'admin') {
        if (user.approvalStatus !== 'approved') throw forbidden(UploadMessages.noAccess);
        const [allowed] = await db
          .select({ one: sql<number>`1` })
          .from(lessons)
          .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
          // The one access rule (published and enrolled, in SQL): a draft course's PDFs are as unavailable as the course.
          .where(
            and(
              or(eq(lessons.pdfFileId, file.id), eq(lessons.tutorialFileId, file.id)),
              sql`learning_course_access(${user.id}, ${chapters.courseId}) = 'ok'`,
            ),
          )
          .limit(1);
        if (!allowed) throw forbidden(UploadMessages.noAccess);
      }
      const blob = await storage.get(file.storageKey);
      if (!blob) {
        log.warn({ fileId: file.id, key: file.storageKey }, 'file row without stored bytes');
        throw notFound(UploadMessages.fileNotFound);
      }
      return { file, ...blob };
    },

    /**
     * The extracted text of each file (by id). Files uploaded before extraction existed are read
     * and extracted now, once, and the text is stored for next time.
     */
    async extractedTexts(fileIds: string[]): Promise<Map<string, string>> {
      const texts = new Map<string, string>();
      if (!fileIds.length) return texts;
      const rows = await db
        .select({ id: files.id, key: files.storageKey, text: files.extractedText, at: files.textExtractedAt })
        .from(files)
        .where(inArray(files.id, fileIds));
      for (const row of rows) {
        if (row.at) {
          texts.set(row.id, row.text ?? '');
          continue;
        }
        const blob = await storage.get(row.key);
        if (!blob) {
          log.warn({ fileId: row.id, key: row.key }, 'file row without stored bytes');
          continue;
        }
        const text = await textOf(await readAll(blob.stream), row.id);
        await db.update(files).set({ extractedText: text, textExtractedAt: new Date() }).where(eq(files.id, row.id));
        texts.set(row.id, text);
      }
      return texts;
    },

    /** Stores an image's bytes (already checked to be PNG, JPEG or WebP) under a new key; its row is the caller's to insert. */
    async putImage(data: Buffer, extension: string): Promise<string> {
      const key = newStorageKey(extension);
      try {
        await storage.put(key, data);
      } catch (err) {
        throw storageFailure(err);
      }
      return key;
    },

    /** A stored image (a generated course thumbnail) by id; never a PDF or any other file. */
    async openImage(fileId: string) {
      if (!isUuid(fileId)) throw notFound(MediaMessages.imageNotFound);
      const [file] = await db
        .select()
        .from(files)
        .where(and(eq(files.id, fileId), sql`${files.contentType} in ('image/png', 'image/jpeg', 'image/webp')`));
      if (!file) throw notFound(MediaMessages.imageNotFound);
      const blob = await storage.get(file.storageKey);
      if (!blob) {
        log.warn({ fileId: file.id, key: file.storageKey }, 'file row without stored bytes');
        throw notFound(MediaMessages.imageNotFound);
      }
      return { file, ...blob };
    },

    /**
     * Stored thumbnails no course shows any more (after a course changed or lost its thumbnail):
     * their rows go, then their bytes. Only images are ever removed here, and only unused ones.
     */
    async releaseImages(fileIds: string[]): Promise<void> {
      const ids = fileIds.filter(isUuid);
      if (!ids.length) return;
      // Tidying up: a failure here leaves an unused image behind, and must not fail the change that freed it.
      const rows = await db
        .delete(files)
        .where(
          and(
            inArray(files.id, ids),
            sql`${files.contentType} like 'image/%'`,
            sql`not exists (select 1 from courses c where c.thumbnail_url = '/api/images/' || files.id::text)`,
            sql`not exists (select 1 from lessons l where l.pdf_file_id = files.id or l.tutorial_file_id = files.id)`,
          ),
        )
        .returning({ key: files.storageKey })
        .catch((err: unknown) => {
          log.warn({ err, fileIds: ids }, 'unused images could not be removed');
          return [];
        });
      await removeBlobs(rows.map((r) => r.key));
    },

    /** After the transaction that deleted the rows has committed: the bytes go too. */
    removeBlobs,
  };
}
export type FilesService = ReturnType<typeof createFilesService>;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The uploaded files the given lessons use. */
export async function fileIdsOfLessons(q: Queryable, where: SQL): Promise<string[]> {
  const rows = await q
    .select({ pdf: lessons.pdfFileId, tutorial: lessons.tutorialFileId })
    .from(lessons)
    .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
    .where(where);
  return [...new Set(rows.flatMap((r) => [r.pdf, r.tutorial]).filter((id): id is string => id !== null))];
}

/**
 * Deletes, inside the transaction, the file rows among `ids` that no lesson uses any more, and
 * answers their storage keys, to be removed from storage once the transaction has committed.
 */
export async function deleteUnusedFiles(tx: Tx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  // Written out: in a one-table statement Drizzle leaves columns unqualified, and "id" would mean lessons.id here.
  const used = sql`exists (select 1 from lessons l where l.pdf_file_id = files.id or l.tutorial_file_id = files.id)`;
  const rows = await tx
    .delete(files)
    .where(and(inArray(files.id, ids), sql`not ${used}`))
    .returning({ key: files.storageKey });
  return rows.map((r) => r.key);
}
