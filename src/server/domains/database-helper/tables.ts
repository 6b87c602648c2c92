import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  approvalStatusEnum,
  lessonTypeEnum,
  progressStatusEnum,
  roleEnum,
  chapters,
  courses,
  enrollments,
  files,
  lessonProgress,
  lessons,
  users,
} from '../../platform/db/schema/index';

export type FieldType = 'uuid' | 'text' | 'int' | 'bool' | 'timestamp' | 'enum';
export type FieldDef = {
  /** The API name (camelCase); the snake_case column name is accepted too. */
  name: string;
  column: AnyPgColumn;
  type: FieldType;
  /** PostgreSQL type used to read a cursor value back (never user input). */
  pgType: string;
  values?: readonly string[];
  /**
   * Whether `_sort` may use it: only fields that are never empty, short enough for an index, and
   * backed by a (field, id) index (migration 0013), so every page is read from an index.
   */
  sortable?: boolean;
};
export type TableDef = { name: string; aliases: string[]; table: PgTable; fields: FieldDef[] };

const uuid = (name: string, column: AnyPgColumn): FieldDef => ({ name, column, type: 'uuid', pgType: 'uuid' });
const text = (name: string, column: AnyPgColumn): FieldDef => ({ name, column, type: 'text', pgType: 'text' });
const int = (name: string, column: AnyPgColumn): FieldDef => ({ name, column, type: 'int', pgType: 'integer' });
const bool = (name: string, column: AnyPgColumn): FieldDef => ({ name, column, type: 'bool', pgType: 'boolean' });
const ts = (name: string, column: AnyPgColumn): FieldDef => ({ name, column, type: 'timestamp', pgType: 'timestamptz' });
/** A field `_sort` may use; its (column, id) index must exist. */
const sorted = (field: FieldDef): FieldDef => ({ ...field, sortable: true });
const enumOf = (name: string, column: AnyPgColumn, e: { enumName: string; enumValues: readonly string[] }): FieldDef => ({
  name,
  column,
  type: 'enum',
  pgType: e.enumName,
  values: e.enumValues,
});

/**
 * The allow-list of the admin's read API: only these tables and fields can be read, filtered or
 * sorted. Never the session, code, rate-limit or secret tables, never a hash or storage path.
 */
export const READABLE_TABLES: TableDef[] = [
  {
    name: 'users',
    aliases: [],
    table: users,
    fields: [
      sorted(uuid('id', users.id)),
      sorted(text('email', users.email)),
      sorted(text('firstName', users.firstName)),
      sorted(text('lastName', users.lastName)),
      enumOf('role', users.role, roleEnum),
      sorted(enumOf('approvalStatus', users.approvalStatus, approvalStatusEnum)),
      sorted(ts('createdAt', users.createdAt)),
      sorted(ts('updatedAt', users.updatedAt)),
      ts('lastLoginAt', users.lastLoginAt),
    ],
  },
  {
    name: 'courses',
    aliases: [],
    table: courses,
    fields: [
      sorted(uuid('id', courses.id)),
      sorted(text('title', courses.title)),
      text('description', courses.description),
      text('thumbnailUrl', courses.thumbnailUrl),
      bool('isPublished', courses.isPublished),
      sorted(ts('createdAt', courses.createdAt)),
      sorted(ts('updatedAt', courses.updatedAt)),
    ],
  },
  {
    name: 'chapters',
    aliases: [],
    table: chapters,
    fields: [
      sorted(uuid('id', chapters.id)),
      uuid('courseId', chapters.courseId),
      sorted(text('title', chapters.title)),
      sorted(int('order', chapters.position)),
      sorted(ts('createdAt', chapters.createdAt)),
      sorted(ts('updatedAt', chapters.updatedAt)),
    ],
  },
  {
    name: 'lessons',
    aliases: [],
    table: lessons,
    fields: [
      sorted(uuid('id', lessons.id)),
      uuid('chapterId', lessons.chapterId),
      sorted(text('title', lessons.title)),
      enumOf('lessonType', lessons.lessonType, lessonTypeEnum),
      text('videoUrl', lessons.videoUrl),
      text('pdfUrl', lessons.pdfUrl),
      text('tutorialPdfUrl', lessons.tutorialPdfUrl),
      uuid('pdfFileId', lessons.pdfFileId),
      uuid('tutorialFileId', lessons.tutorialFileId),
      text('summary', lessons.summary),
      sorted(int('order', lessons.position)),
      sorted(ts('createdAt', lessons.createdAt)),
      sorted(ts('updatedAt', lessons.updatedAt)),
    ],
  },
  {
    name: 'enrollments',
    aliases: ['student_enrollments'],
    table: enrollments,
    fields: [
      sorted(uuid('id', enrollments.id)),
      uuid('studentId', enrollments.studentId),
      uuid('courseId', enrollments.courseId),
      text('enrollmentStatus', enrollments.status),
      sorted(ts('enrolledAt', enrollments.enrolledAt)),
      sorted(ts('createdAt', enrollments.createdAt)),
      sorted(ts('updatedAt', enrollments.updatedAt)),
    ],
  },
  {
    name: 'lesson_progress',
    aliases: ['student_progress'],
    table: lessonProgress,
    fields: [
      sorted(uuid('id', lessonProgress.id)),
      uuid('studentId', lessonProgress.studentId),
      uuid('lessonId', lessonProgress.lessonId),
      enumOf('status', lessonProgress.status, progressStatusEnum),
      ts('completedAt', lessonProgress.completedAt),
      sorted(ts('createdAt', lessonProgress.createdAt)),
      sorted(ts('updatedAt', lessonProgress.updatedAt)),
    ],
  },
  {
    name: 'files',
    aliases: [],
    table: files,
    fields: [
      sorted(uuid('id', files.id)),
      text('originalName', files.originalName),
      text('contentType', files.contentType),
      sorted(int('sizeBytes', files.sizeBytes)),
      uuid('uploadedBy', files.uploadedBy),
      sorted(ts('createdAt', files.createdAt)),
    ],
  },
];

export function findTable(name: string): TableDef | undefined {
  const n = name.toLowerCase();
  return READABLE_TABLES.find((t) => t.name === n || t.aliases.includes(n));
}

export const sortableFields = (table: TableDef) => table.fields.filter((f) => f.sortable);

export function findField(table: TableDef, name: string): FieldDef | undefined {
  return table.fields.find((f) => f.name === name || f.column.name === name);
}
