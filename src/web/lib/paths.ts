/** Every route of the app, in one typed list instead of string literals in links. */
export const paths = {
  home: '/',
  contact: '/contact',
  login: '/login',
  register: '/register',
  dashboard: '/dashboard',
  admin: {
    dashboard: '/admin/dashboard',
    students: '/admin/students',
    /** One student: their AI tutor conversations and daily limits. */
    student: {
      pattern: '/admin/students/:studentId',
      href: (studentId: string) => `/admin/students/${encodeURIComponent(studentId)}`,
    },
    invitations: '/admin/invitations',
    notifications: '/admin/notifications',
    courses: '/admin/courses',
    courseNew: '/admin/courses/new',
    /** A second address of the create form (a 'Create Course' link may use it); redirects to courseNew. */
    courseCreate: '/admin/courses/create',
    courseEdit: {
      pattern: '/admin/courses/:courseId/edit',
      href: (courseId: string) => `/admin/courses/${encodeURIComponent(courseId)}/edit`,
    },
    analytics: '/admin/analytics',
    /** The gradebook of one course at a time (`?course=<id>`); the course picker chooses it. */
    gradebook: '/admin/gradebook',
    databaseHelper: '/admin/database-helper',
    /** The app's own backups: the latest, the schedule, and 'Back Up Now'. */
    backups: '/admin/backups',
    /** The students' questions to the tutor; one thread opens at its own address (the e-mails link to it). */
    questions: '/admin/questions',
    questionThread: {
      pattern: '/admin/questions/:threadId',
      href: (threadId: string) => `/admin/questions/${encodeURIComponent(threadId)}`,
    },
  },
  student: {
    dashboard: '/student/dashboard',
  },
  course: {
    pattern: '/course/:courseId',
    href: (courseId: string) => `/course/${encodeURIComponent(courseId)}`,
  },
  /** 'My Grades': the student's own scores and totals in one course. */
  courseGrades: {
    pattern: '/course/:courseId/grades',
    href: (courseId: string) => `/course/${encodeURIComponent(courseId)}/grades`,
  },
  /** An e-mailed invitation's link: register, approved and enrolled at once. */
  invitation: { pattern: '/invitation/:token' },
  /** A reminder's one-click opt-out link. */
  unsubscribe: { pattern: '/unsubscribe/:token' },
  /** The public verification page of a certificate (anyone with the link). */
  certificate: {
    pattern: '/certificates/:certificateId',
    href: (certificateId: string) => `/certificates/${encodeURIComponent(certificateId)}`,
  },
} as const;

/** The anchor of the landing page's sample lesson (Watch Demo). */
export const PREVIEW_ANCHOR = 'preview';
