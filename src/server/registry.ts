import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from './platform/db/client';
import type { Env } from './platform/env';
import { createChatModel } from './platform/ai/chat-model';
import type { Mailer } from './platform/mail/transport';
import { createImageProvider, createSpeechProvider, createTranscriptionProvider, createWebSearch } from './platform/ai/media/providers';
import type { FileStorage } from './platform/storage/storage';
import { adminHomeRoutes, createAdminHomeService, analyticsRoutes, createAnalyticsService } from './domains/analytics';
import { aiTutorOversightRoutes, aiTutorRoutes, createAiTutorOversightService, createAiTutorService } from './domains/ai-tutor';
import type { SessionCookie } from './platform/http/guards';
import { authRoutes, createAuthService, createCodeService, loadCodeSecret, createSessionService } from './domains/auth';
import {
  certificatesRoutes,
  createCertificatesService,
  learningEventsRoutes,
  createLearningEventsService,
  learningRoutes,
  createLearningService,
  dueDatesRoutes,
  createDueDatesService,
} from './domains/learning';
import { contactRoutes, createContactService, healthRoutes, createHealthService, publicConfigRoutes, pwaRoutes } from './domains/site';
import {
  coursesBulkUploadRoutes,
  createCoursesBulkUploadService,
  coursesContentRoutes,
  createCoursesContentService,
  coursesRoutes,
  createCoursesService,
  filesRoutes,
  createFilesService,
} from './domains/courses';
import { databaseHelperRoutes, createDatabaseHelperService } from './domains/database-helper';
import {
  enrollmentsRoutes,
  createEnrollmentsService,
  studentDataRoutes,
  createStudentDataService,
  createInvitationsService,
  invitationsRoutes,
  studentsListRoutes,
  studentsRoutes,
  createStudentsService,
} from './domains/students';
import { languageSupport, SERVER_PROBE_SLOT } from '../grading/dispatch';
import {
  createPracticeAuthoringService,
  practiceRoutes,
  createPracticeService,
  createSubmissionHistoryService,
  createSubmissionReviewsService,
  createSubmissionWaiter,
  submissionReviewsRoutes,
} from './domains/practice';
import { createQuizzesAuthoringService, quizzesRoutes, createQuizzesService } from './domains/quizzes';
import { createUsageBudget, mediaConfigOf, mediaHelpersRoutes, createMediaHelpersService, createWebSources } from './domains/media-helpers';
import { sessionUserHeader } from './platform/http/session-user-header';
import { createNotificationsService, createUserNotifications, notificationsRoutes, userNotificationsRoutes } from './domains/notifications';
import { createQuestionsService, questionsRoutes } from './domains/questions';
import { backupsRoutes, createBackupsService } from './domains/backups';
import { createSimilarityService, similarityRoutes } from './domains/similarity';
import { calendarRoutes, createCalendarService, createExtensionsService, extensionsRoutes } from './domains/calendar';
import { createGradebookService, gradebookRoutes } from './domains/gradebook';

/*
 * The one registry of the server's modules: `createServices` builds every service once, in
 * dependency order, and `registerModules` mounts every module's routes. app.ts calls both and
 * keeps only what runs around the modules (security headers, the session, the API docs, the
 * built web app). A new module is added here and nowhere else.
 */

export type ModuleDeps = {
  env: Env;
  db: Db;
  mailer: Mailer;
  storage: FileStorage;
  now: () => Date;
  log: FastifyBaseLogger;
  gradingWarm?: () => boolean;
};

/** Every service of the server, each built once and shared by the modules that need it. */
export async function createServices({ env, db, mailer, storage, now, log, gradingWarm }: ModuleDeps) {
  const secret = await loadCodeSecret(db, env.appSecret);
  const sessions = createSessionService(db, now);
  const codes = createCodeService({
    db,
    mailer,
    secret,
    appName: env.appName,
    mailFrom: env.mailFrom,
    now,
    limits: env.codeSendLimits,
    log,
  });
  const auth = createAuthService({
    db,
    codes,
    adminEmail: env.adminEmail,
    devLoginCode: env.devTools ? env.devLoginCode : undefined,
    now,
  });
  const files = createFilesService({ db, storage, log });
  const learning = createLearningService({ db, now });
  // The media and web helpers: each provider null until configured, all under one daily budget.
  const usage = createUsageBudget(db, now);
  // Practice: gradings are waited for through one LISTEN connection, closed with the app.
  const submissionWaiter = createSubmissionWaiter(db.$client, (err) => log.warn({ err }, 'listening for graded submissions failed'));
  const practice = createPracticeService({
    db,
    learning,
    waiter: submissionWaiter,
    support: () => languageSupport(SERVER_PROBE_SLOT),
    limits: env.practice,
    now,
  });
  const aiTutor = createAiTutorService({
    db,
    learning,
    practice,
    files,
    model: createChatModel(env.ai),
    webSources: createWebSources({
      search: createWebSearch(env.media.search),
      budget: usage,
      dailyLimit: env.media.search?.dailyLimit ?? 0,
      log,
    }),
    dailyMessages: env.ai.dailyMessages,
    now,
    log,
  });
  const mediaHelpers = createMediaHelpersService({
    db,
    fileStore: files,
    learning,
    budget: usage,
    image: createImageProvider(env.media.image),
    speech: createSpeechProvider(env.media.speech),
    transcription: createTranscriptionProvider(env.media.transcription),
    limits: {
      image: env.media.image?.dailyLimit ?? 0,
      speech: env.media.speech?.dailyLimit ?? 0,
      transcription: env.media.transcription?.dailyLimit ?? 0,
    },
    now,
    log,
  });
  const mailContext = { appName: env.appName, appUrl: env.appUrl };
  const notifications = createNotificationsService({ db, ctx: mailContext, secret, now, mailTransport: env.mailTransport });
  const userNotifications = createUserNotifications({
    db,
    ctx: mailContext,
    unsubscribeUrl: (userId) => `${env.appUrl}/unsubscribe/${notifications.unsubscribeToken(userId)}`,
  });
  return {
    health: createHealthService({ db, gradingWarm }),
    sessions,
    codes,
    auth,
    contact: createContactService({ db, mailer, adminEmail: env.adminEmail, appName: env.appName, mailFrom: env.mailFrom, now }),
    adminHome: createAdminHomeService({ db }),
    backups: createBackupsService({
      db,
      // A backup reads the app's database and files in a process of its own; the embedded PostgreSQL is on this machine.
      source: {
        databaseUrl: db.$client.options.connectionString!,
        files: { dataDir: env.dataDir, s3: env.s3 },
        lowerBackendPriority: !env.databaseUrl,
      },
      config: env.backup,
      ctx: mailContext,
      now,
      log: { warn: (obj, msg) => log.warn(obj, msg), info: (msg) => log.info(msg) },
    }),
    students: createStudentsService({ db, ctx: mailContext }),
    studentData: createStudentDataService({ db, storage, now, log }),
    enrollments: createEnrollmentsService({ db, ctx: mailContext }),
    courses: createCoursesService({ db, filesService: files }),
    coursesContent: createCoursesContentService({ db, filesService: files }),
    coursesBulkUpload: createCoursesBulkUploadService({ db }),
    files,
    databaseHelper: createDatabaseHelperService({ db }),
    learning,
    dueDates: createDueDatesService({ db, now }),
    aiTutor,
    aiTutorOversight: createAiTutorOversightService({ db, dailyMessages: env.ai.dailyMessages, now }),
    mediaHelpers,
    certificates: createCertificatesService({ db, appUrl: env.appUrl, appName: env.appName, now }),
    analytics: createAnalyticsService({ db, now }),
    learningEvents: createLearningEventsService({ db, now, limits: env.events }),
    submissionWaiter,
    practice,
    practiceAuthoring: createPracticeAuthoringService({ db, waiter: submissionWaiter }),
    submissionHistory: createSubmissionHistoryService({ db, now }),
    quizzes: createQuizzesService({ db, learning, now }),
    quizzesAuthoring: createQuizzesAuthoringService({ db, now }),
    notifications,
    userNotifications,
    submissionReviews: createSubmissionReviewsService({ db, notify: userNotifications }),
    invitations: createInvitationsService({ db, ctx: mailContext, now }),
    questions: createQuestionsService({ db, learning, practice, notices: userNotifications, now }),
    similarity: createSimilarityService({ db, now }),
    calendar: createCalendarService({ db, now }),
    extensions: createExtensionsService({ db, now }),
    gradebook: createGradebookService({ db, now }),
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;

export type RegisterDeps = { env: Env; now: () => Date; services: Services; cookie: SessionCookie };

/**
 * Mounts the routes of every module, in a fixed order (the order of `app.apiRoutes`). Runs after
 * the session plugin, so every route sees `request.auth`.
 */
export async function registerModules(app: FastifyInstance, { env, now, services: s, cookie }: RegisterDeps): Promise<void> {
  await app.register(healthRoutes, { health: s.health });
  await app.register(publicConfigRoutes, {
    config: { appName: env.appName, contactEmail: env.contactEmail, devTools: env.devTools, media: mediaConfigOf(env) },
    timeZone: () => s.calendar.timeZone(),
  });
  await app.register(sessionUserHeader);
  await app.register(pwaRoutes, { appName: env.appName });
  await app.register(authRoutes, {
    auth: s.auth,
    codes: s.codes,
    sessions: s.sessions,
    invitations: s.invitations,
    cookie,
    devTools: env.devTools,
    trustProxy: env.trustProxy,
  });
  await app.register(contactRoutes, { contact: s.contact });
  await app.register(adminHomeRoutes, { adminHome: s.adminHome });
  await app.register(backupsRoutes, { backups: s.backups });
  await app.register(studentsRoutes, { students: s.students });
  await app.register(studentsListRoutes, { students: s.students });
  await app.register(studentDataRoutes, { studentData: s.studentData });
  await app.register(enrollmentsRoutes, { enrollments: s.enrollments });
  await app.register(coursesRoutes, { courses: s.courses });
  await app.register(coursesContentRoutes, { content: s.coursesContent });
  await app.register(coursesBulkUploadRoutes, { bulkUpload: s.coursesBulkUpload });
  await app.register(filesRoutes, { filesService: s.files, maxMb: env.uploadMaxMb });
  await app.register(databaseHelperRoutes, { helper: s.databaseHelper });
  await app.register(learningRoutes, { learning: s.learning });
  await app.register(dueDatesRoutes, { dueDates: s.dueDates });
  await app.register(aiTutorRoutes, { tutor: s.aiTutor });
  await app.register(aiTutorOversightRoutes, { oversight: s.aiTutorOversight });
  await app.register(mediaHelpersRoutes, { media: s.mediaHelpers, files: s.files });
  await app.register(certificatesRoutes, { certificates: s.certificates });
  await app.register(analyticsRoutes, { analytics: s.analytics, now });
  await app.register(learningEventsRoutes, { events: s.learningEvents });
  await app.register(practiceRoutes, { practice: s.practice, authoring: s.practiceAuthoring, history: s.submissionHistory });
  await app.register(submissionReviewsRoutes, { reviews: s.submissionReviews });
  await app.register(quizzesRoutes, { quizzes: s.quizzes, authoring: s.quizzesAuthoring });
  await app.register(invitationsRoutes, { invitations: s.invitations });
  await app.register(notificationsRoutes, { notifications: s.notifications });
  await app.register(userNotificationsRoutes, { userNotifications: s.userNotifications });
  await app.register(questionsRoutes, { questions: s.questions });
  await app.register(similarityRoutes, { similarity: s.similarity });
  await app.register(calendarRoutes, { calendar: s.calendar });
  await app.register(extensionsRoutes, { extensions: s.extensions });
  await app.register(gradebookRoutes, { gradebook: s.gradebook });
  app.addHook('onClose', () => s.submissionWaiter.close());
}
