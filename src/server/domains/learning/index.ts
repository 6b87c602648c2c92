// The learning domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { certificatesRoutes } from './certificates.routes';
export { createCertificatesService } from './certificates.service';
export { learningEventsRoutes } from './learning-events.routes';
export { createLearningEventsService } from './learning-events.service';
export { learningRoutes } from './learning.routes';
export { createLearningService, isPreview, type LearningService } from './learning.service';
export { dueDatesRoutes } from './due-dates.routes';
export { createDueDatesService, refuseIfClosed, studentDues, type StudentDues } from './due-dates.service';
