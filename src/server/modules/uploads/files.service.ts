import crypto from 'node:crypto';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters, enrollments, files, lessons, type FileRow, type UserRow } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/errors';
import { newStorageKey, type FileStorage } from '../../lib/storage';
import { UploadMessages } from '../../../common/uploads';
import { isUuid, type Queryable, type Tx } from '../workspace/db-helpers';

export const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
/** A real PDF starts with the bytes %PDF-; its name and declared type prove nothing. */
export const isPdf = (data: Buffer) => data.length > PDF_MAGIC.length && data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);

/** A display name without folders or control characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200);
  return clean || 'document.pdf';
}

export type FilesServiceDeps = { db: Db; storage: FileStorage; log: { warn: (obj: object, msg: string) => void } };

export function createFilesService({ db, storage, log }: FilesServiceDeps) {
  return {
    /** Stores the bytes, then the row; a failed insert leaves no stray file behind. */
    async store(data: Buffer, name: string | undefined, uploadedBy: string): Promise<FileRow> {
      const key = newStorageKey('pdf');
      await storage.put(key, data);
      try {
        const [row] = await db
          .insert(files)
          .values({
            storageKey: key,
            originalName: cleanFileName(name),
            contentType: 'application/pdf',
            sizeBytes: data.length,
            sha256: crypto.createHash('sha256').update(data).digest('hex'),
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
          .innerJoin(enrollments, and(eq(enrollments.courseId, chapters.courseId), eq(enrollments.studentId, user.id)))
          .where(or(eq(lessons.pdfFileId, file.id), eq(lessons.tutorialFileId, file.id)))
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

    /** After the transaction that deleted the rows has committed: the bytes go too. */
    async removeBlobs(keys: string[]): Promise<void> {
      for (const key of keys) {
        await storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'stored file could not be deleted'));
      }
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;

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
