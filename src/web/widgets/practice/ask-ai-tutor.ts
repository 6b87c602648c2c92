import { useSyncExternalStore } from 'react';

/**
 * A question for the AI tutor beside the lesson, asked from an exercise ('Ask the AI Tutor' next to a failed result).
 * The practice cards cannot import the AI tutor (a feature); the tutor listens here instead. A question asked before
 * the tutor has loaded waits for it; only the latest one is kept.
 */
export type AiTutorRequest = { id: number; lessonId: string; question: string };

let pending: AiTutorRequest | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
/** How many AI tutors listen now (the course screen mounts one, a moment after the lesson). */
let tutors = 0;
const notify = () => {
  for (const listener of listeners) listener();
};

export function askAiTutor(lessonId: string, question: string): void {
  pending = { id: nextId++, lessonId, question };
  notify();
}

/** The question waiting for this lesson's tutor, taken (so it is asked once). */
export function takeAiTutorRequest(lessonId: string): AiTutorRequest | null {
  if (!pending || pending.lessonId !== lessonId) return null;
  const request = pending;
  pending = null;
  return request;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The tutor: called with each new question (read it with takeAiTutorRequest); the returned function stops listening. */
export function listenForAiTutorRequests(listener: () => void): () => void {
  tutors += 1;
  const stop = subscribe(listener);
  notify();
  return () => {
    tutors -= 1;
    stop();
    notify();
  };
}

/** Whether an AI tutor is on the page to ask (the tutor's own preview of exercises has none). */
export function useAiTutorPresent(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => tutors > 0,
    () => false,
  );
}
