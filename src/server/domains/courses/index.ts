// The courses domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { coursesBulkUploadRoutes } from './courses-bulk-upload.routes';
export { createCoursesBulkUploadService } from './courses-bulk-upload.service';
export { coursesContentRoutes } from './courses-content.routes';
export { createCoursesContentService } from './courses-content.service';
export { toCourse } from './courses-views';
export { findLesson, lockCourse } from './courses.queries';
export { coursesRoutes } from './courses.routes';
export { createCoursesService } from './courses.service';
export { filesRoutes } from './files.routes';
export { createFilesService, type FilesService } from './files.service';
