import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { approvalStatusEnum, lessonTypeEnum, progressStatusEnum, roleEnum } from '../../db/schema/index';
import { chapters, courses, enrollments, files, lessonProgress, lessons, users } from '../../db/schema/index';

export type FieldType = 'uuid' | 'text' | 'int' | 'bool' | 'timestamp' | 'enum';
export type FieldDef = {
  /** The API name (camelCase); the snake_case column name is accepted too. */
  name: string;
  column: AnyPgColumn;
  type: FieldType;
  /** PostgreSQL type used to read a cursor value back (never user input). */
  pgType: string;
  values?: readonly string[];
};
export type TableDef = { name: string; aliases: string[]; table: PgTable; fields: FieldDef[] };

const uuid = (name: string, column: AnyPgColumn): FieldDef => ({ name, column, type: 'uuid', pgType: 'uuid' });
const text = (name: string, column: AnyPgColumn): FieldDef => ({ name, column, type: 'text', pgType: 'text' });
const int = (name: string, column: AnyPgColumn): FieldDef => ({ name, column, type: 'int', pgType: 'integer' });
const bool = (name: string, column: AnyPgColumn): FieldDef => ({ name, column, type: 'bool', pgType: 'boolean' });
const ts = (name: string, column: AnyPgColumn): FieldDef => ({ name, column, type: 'timestamp', pgType: 'timestamptz' });
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
      uuid('id', users.id),
      text('email', users.email),
      text('firstName', users.firstName),
      text('lastName', users.lastName),
      enumOf('role', users.role, roleEnum),
      enumOf('approvalStatus', users.approvalStatus, approvalStatusEnum),
      ts('createdAt', users.createdAt),
      ts('updatedAt', users.updatedAt),
      ts('lastLoginAt', users.lastLoginAt),
    ],
  },
  {
    name: 'courses',
    aliases: [],
    table: courses,
    fields: [
      uuid('id', courses.id),
      text('title', courses.title),
      text('description', courses.description),
      text('thumbnailUrl', courses.thumbnailUrl),
      bool('isPublished', courses.isPublished),
      ts('createdAt', courses.createdAt),
      ts('updatedAt', courses.updatedAt),
    ],
  },
  {
    name: 'chapters',
    aliases: [],
    table: chapters,
    fields: [
      uuid('id', chapters.id),
      uuid('courseId', chapters.courseId),
      text('title', chapters.title),
      int('order', chapters.position),
      ts('createdAt', chapters.createdAt),
      ts('updatedAt', chapters.updatedAt),
    ],
  },
  {
    name: 'lessons',
    aliases: [],
    table: lessons,
    fields: [
      uuid('id', lessons.id),
      uuid('chapterId', lessons.chapterId),
      text('title', lessons.title),
      enumOf('lessonType', lessons.lessonType, lessonTypeEnum),
      text('videoUrl', lessons.videoUrl),
      text('pdfUrl', lessons.pdfUrl),
      text('tutorialPdfUrl', lessons.tutorialPdfUrl),
      uuid('pdfFileId', lessons.pdfFileId),
      uuid('tutorialFileId', lessons.tutorialFileId),
      text('summary', lessons.summary),
      int('order', lessons.position),
      ts('createdAt', lessons.createdAt),
      ts('updatedAt', lessons.updatedAt),
    ],
  },
  {
    name: 'enrollments',
    aliases: ['student_enrollments'],
    table: enrollments,
    fields: [
      uuid('id', enrollments.id),
      uuid('studentId', enrollments.studentId),
      uuid('courseId', enrollments.courseId),
      text('enrollmentStatus', enrollments.status),
      ts('enrolledAt', enrollments.enrolledAt),
      ts('createdAt', enrollments.createdAt),
      ts('updatedAt', enrollments.updatedAt),
    ],
  },
  {
    name: 'lesson_progress',
    aliases: ['student_progress'],
    table: lessonProgress,
    fields: [
      uuid('id', lessonProgress.id),
      uuid('studentId', lessonProgress.studentId),
      uuid('lessonId', lessonProgress.lessonId),
      enumOf('status', lessonProgress.status, progressStatusEnum),
      ts('completedAt', lessonProgress.completedAt),
      ts('createdAt', lessonProgress.createdAt),
      ts('updatedAt', lessonProgress.updatedAt),
    ],
  },
  {
    name: 'files',
    aliases: [],
    table: files,
    fields: [
      uuid('id', files.id),
      text('originalName', files.originalName),
      text('contentType', files.contentType),
      int('sizeBytes', files.sizeBytes),
      uuid('uploadedBy', files.uploadedBy),
      ts('createdAt', files.createdAt),
    ],
  },
];

export function findTable(name: string): TableDef | undefined {
  const n = name.toLowerCase();
  return READABLE_TABLES.find((t) => t.name === n || t.aliases.includes(n));
}

export function findField(table: TableDef, name: string): FieldDef | undefined {
  return table.fields.find((f) => f.name === name || f.column.name === name);
}
