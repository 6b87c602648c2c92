import { describe, expect, it } from 'vitest';
import type { LearnResponse } from '@common/learning';
import { lessonContents } from './components/lesson-type';
import {
  chapterLock,
  chapterProgress,
  chaptersToOpen,
  flattenLessons,
  neighbours,
  previewCompletesCourse,
  swipeDirection,
  withCompleted,
} from './course-navigation';

const lesson = (id: string, status: 'not_started' | 'in_progress' | 'completed' = 'not_started', lockedBy: string | null = null) => ({
  id,
  title: `Lesson ${id}`,
  lessonType: 'VIDEO' as const,
  videoUrl: 'https://player.vimeo.com/video/1',
  pdfUrl: null,
  tutorialPdfUrl: null,
  summary: '',
  order: 1,
  status,
  exerciseCount: 0,
  hasQuiz: false,
  lockedBy,
  opensAt: null,
  videoPositionSeconds: null,
  watchRequired: null,
});

const outline: Pick<LearnResponse, 'chapters'> = {
  chapters: [
    { id: 'c1', title: 'One', order: 1, lessons: [lesson('a', 'completed'), lesson('b', 'in_progress')] },
    { id: 'c2', title: 'Empty', order: 2, lessons: [] },
    { id: 'c3', title: 'Three', order: 3, lessons: [lesson('c')] },
  ],
};

describe('course navigation', () => {
  it('numbers lessons across chapters in reading order, skipping empty chapters', () => {
    const flat = flattenLessons(outline);
    expect(flat.map((l) => [l.id, l.index, l.chapterTitle])).toEqual([
      ['a', 0, 'One'],
      ['b', 1, 'One'],
      ['c', 2, 'Three'],
    ]);
  });

  it('finds the previous and next lesson across a chapter boundary', () => {
    const flat = flattenLessons(outline);
    expect(neighbours(flat, 'b')).toMatchObject({ previous: { id: 'a' }, next: { id: 'c' } });
    expect(neighbours(flat, 'a').previous).toBeUndefined();
    expect(neighbours(flat, 'c').next).toBeUndefined();
    expect(neighbours(flat, 'missing').current).toBeUndefined();
  });

  it('stops at the first locked lesson: Next and swipes go no further', () => {
    const locked = flattenLessons({
      chapters: [
        { id: 'c1', title: 'One', order: 1, lessons: [lesson('a'), lesson('b', 'not_started', 'Lesson a')] },
        { id: 'c2', title: 'Two', order: 2, lessons: [lesson('c', 'not_started', 'Lesson a')] },
      ],
    });
    expect(neighbours(locked, 'a').next).toMatchObject({ id: 'b' });
    expect(neighbours(locked, 'b')).toMatchObject({ previous: { id: 'a' }, next: undefined });
    expect(neighbours(locked, 'c')).toMatchObject({ previous: { id: 'b' }, next: undefined });
  });

  it('says what each lesson holds, not only its type', () => {
    expect(lessonContents({ lessonType: 'VIDEO', exerciseCount: 2, hasQuiz: true })).toBe('Video · 2 exercises · Quiz');
    expect(lessonContents({ lessonType: 'PDF', exerciseCount: 0, hasQuiz: true })).toBe('PDF · Quiz');
    expect(lessonContents({ lessonType: 'MIXED', exerciseCount: 1, hasQuiz: false })).toBe('Video + PDF · 1 exercise');
    expect(lessonContents({ lessonType: 'VIDEO', exerciseCount: 0, hasQuiz: false })).toBe('Video');
  });

  it("says once per chapter why its lessons are locked, and leaves a completed lesson's chapter alone", () => {
    const chapters = [
      { id: 'c1', title: 'One', order: 1, lessons: [lesson('a', 'completed'), lesson('b'), lesson('c', 'not_started', 'Lesson b')] },
      // Completed before the rule was turned on: open, though after the first lesson not completed.
      { id: 'c2', title: 'Two', order: 2, lessons: [lesson('d', 'completed'), lesson('e', 'not_started', 'Lesson b')] },
      { id: 'c3', title: 'Three', order: 3, lessons: [lesson('f', 'not_started', 'Lesson b'), lesson('g', 'not_started', 'Lesson b')] },
      { id: 'c4', title: 'Four', order: 4, lessons: [lesson('h', 'completed')] },
    ];
    expect(chapters.map(chapterLock)).toEqual([
      { count: 1, lockedBy: 'Lesson b' },
      { count: 1, lockedBy: 'Lesson b' },
      { count: 2, lockedBy: 'Lesson b' },
      null,
    ]);
  });

  it('opens the chapter in progress by itself, and the one of the lesson on screen', () => {
    const flat = flattenLessons({
      chapters: [
        { id: 'c1', title: 'One', order: 1, lessons: [lesson('a', 'completed'), lesson('b', 'completed')] },
        { id: 'c2', title: 'Two', order: 2, lessons: [lesson('c', 'in_progress'), lesson('d')] },
        { id: 'c3', title: 'Three', order: 3, lessons: [lesson('e')] },
      ],
    });
    expect(chaptersToOpen(flat, 'c')).toEqual(['c2']);
    expect(chaptersToOpen(flat, 'a')).toEqual(['c1', 'c2']);
    expect(chaptersToOpen(flat, null)).toEqual(['c2']);
  });

  it('counts completed lessons per chapter', () => {
    expect(chapterProgress(outline.chapters[0]!)).toEqual({ completed: 1, total: 2 });
    expect(chapterProgress(outline.chapters[1]!)).toEqual({ completed: 0, total: 0 });
  });

  it('treats a horizontal move over 50 px as a swipe: left is next, right is previous', () => {
    expect(swipeDirection(-51, 0)).toBe('next');
    expect(swipeDirection(51, 10)).toBe('previous');
    expect(swipeDirection(-50, 0)).toBeUndefined();
    expect(swipeDirection(49, 0)).toBeUndefined();
    // A mostly vertical move is a scroll, not a swipe.
    expect(swipeDirection(-60, 80)).toBeUndefined();
  });

  it('marks preview completions without touching the original outline', () => {
    const marked = withCompleted(outline, new Set(['c']));
    expect(marked.chapters[2]!.lessons[0]!.status).toBe('completed');
    expect(outline.chapters[2]!.lessons[0]!.status).toBe('not_started');
    expect(withCompleted(outline, new Set())).toBe(outline);
  });

  it('in the preview, finishes the course with the last lesson not completed, and only then', () => {
    const flat = flattenLessons(outline);
    expect(previewCompletesCourse(flat, 'b')).toBe(false);
    const oneLeft = flattenLessons(withCompleted(outline, new Set(['b'])));
    expect(previewCompletesCourse(oneLeft, 'c')).toBe(true);
    // A lesson already completed finishes nothing again; an unknown one finishes nothing.
    expect(previewCompletesCourse(oneLeft, 'a')).toBe(false);
    expect(previewCompletesCourse(oneLeft, 'missing')).toBe(false);
    expect(previewCompletesCourse(flattenLessons(withCompleted(outline, new Set(['b', 'c']))), 'c')).toBe(false);
  });
});
