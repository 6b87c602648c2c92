import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One uploaded file (lesson PDF or tutorial PDF). The bytes live in the storage backend under
 * `storage_key` (never a user-supplied name); lessons point here through pdf_file_id / tutorial_file_id.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /**
     * The PDF's text, extracted once (at upload, or on first use by the AI tutor for older files),
     * capped; '' when the PDF has no extractable text. Null with text_extracted_at null: not tried yet.
     */
    extractedText: text('extracted_text'),
    textExtractedAt: timestamp('text_extracted_at', { withTimezone: true }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Keyset pages of the admin's table API, one per sortable field (migration 0013).
  (t) => [index('files_size_bytes_id_idx').on(t.sizeBytes, t.id), index('files_created_at_id_idx').on(t.createdAt, t.id)],
);
export type FileRow = typeof files.$inferSelect;
