// The students domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { enrollmentsRoutes } from './enrollments.routes';
export { createEnrollmentsService } from './enrollments.service';
export { invitationsRoutes } from './invitations.routes';
export { createInvitationsService, type InvitationsService } from './invitations.service';
export { studentDataRoutes } from './student-data.routes';
export { createStudentDataService } from './student-data.service';
export { studentsListRoutes } from './students-list.routes';
export { studentsRoutes } from './students.routes';
export { createStudentsService } from './students.service';
