/** Learning events' kinds and limits, without zod: the course screen's event queue imports these (contract in analytics.ts). */

export const LEARNING_EVENT_TYPES = ['lesson_opened', 'lesson_heartbeat', 'pdf_viewed', 'tutorial_downloaded', 'video_started'] as const;
export type LearningEventType = (typeof LEARNING_EVENT_TYPES)[number];
export const EVENTS_BATCH_MAX = 50;
export const HEARTBEAT_INTERVAL_SECONDS = 30;
export const HEARTBEAT_MAX_SECONDS = 300;
export const EVENT_MAX_AGE_DAYS = 7;
