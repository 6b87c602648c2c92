import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { FileStorage } from '../../lib/storage';
import { bulkUploadRoutes } from '../bulk-upload/bulk-upload.routes';
import { createBulkUploadService } from '../bulk-upload/bulk-upload.service';
import { contentRoutes } from '../course-content/content.routes';
import { createContentService } from '../course-content/content.service';
import { coursesRoutes } from '../courses/courses.routes';
import { createCoursesService } from '../courses/courses.service';
import { databaseHelperRoutes } from '../database-helper/database-helper.routes';
import { createDatabaseHelperService } from '../database-helper/database-helper.service';
import { enrollmentsRoutes } from '../enrollments/enrollments.routes';
import { createEnrollmentsService } from '../enrollments/enrollments.service';
import { studentsListRoutes } from '../students/students-list.routes';
import { createFilesService } from '../uploads/files.service';
import { uploadsRoutes } from '../uploads/uploads.routes';

export type WorkspaceOptions = { db: Db; env: Env; storage: FileStorage };

/**
 * The tutor's workspace (issue #3): student list and enrolments, courses and their content,
 * uploads and files, bulk upload, and the database helper. One registration in app.ts.
 */
export const workspaceRoutes: FastifyPluginAsync<WorkspaceOptions> = async (app, { db, env, storage }) => {
  const filesService = createFilesService({ db, storage, log: app.log });
  await app.register(studentsListRoutes, { db });
  await app.register(enrollmentsRoutes, { enrollments: createEnrollmentsService({ db }) });
  await app.register(coursesRoutes, { courses: createCoursesService({ db, filesService }) });
  await app.register(contentRoutes, { content: createContentService({ db, filesService }) });
  await app.register(bulkUploadRoutes, { bulkUpload: createBulkUploadService({ db }) });
  await app.register(uploadsRoutes, { filesService, maxMb: env.uploadMaxMb });
  await app.register(databaseHelperRoutes, { helper: createDatabaseHelperService({ db }) });
};
