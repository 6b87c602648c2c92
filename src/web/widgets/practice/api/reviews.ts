import type {
  AddReviewCommentBody,
  LessonFeedbackResponse,
  SameCodeResponse,
  SameCodeSent,
  SavedComment,
  SavedCommentsResponse,
  TutorReview,
  TutorReviewResponse,
  UnseenFeedbackResponse,
} from '@common/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useSettled } from '@web/lib/use-settled';
import { practiceKeys } from './practice-keys';

/**
 * The tutor's reviews sit under the tutor's family of practice keys; the student's feedback under its own, so opening it
 * refreshes the outline's marks.
 */
export const reviewKeys = {
  review: (submissionId: string) => [...practiceKeys.admin(), 'review', submissionId] as const,
  sameCode: (submissionId: string) => [...practiceKeys.admin(), 'review', submissionId, 'same-code'] as const,
  saved: () => [...practiceKeys.admin(), 'saved-comments'] as const,
  feedback: () => ['feedback'] as const,
  lessonFeedback: (lessonId: string) => ['feedback', 'lesson', lessonId] as const,
  unseen: () => ['feedback', 'unseen'] as const,
};

const reviewPath = (submissionId: string) => `/api/admin/submissions/${encodeURIComponent(submissionId)}/review`;
const commentPath = (commentId: string) => `/api/admin/review-comments/${encodeURIComponent(commentId)}`;

// ---------- the tutor ----------

export const useSubmissionReview = (submissionId: string) =>
  useQuery({
    queryKey: reviewKeys.review(submissionId),
    queryFn: ({ signal }) => api.get<TutorReviewResponse>(reviewPath(submissionId), { signal }).then((r) => r.review),
  });

/** Every change to a review answers the whole review: it replaces the cached one. */
function useReviewChange<T>(submissionId: string, call: (value: T) => Promise<TutorReview>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (review) => queryClient.setQueryData(reviewKeys.review(submissionId), review),
  });
}

export const useAddReviewComment = (submissionId: string) =>
  useReviewChange(submissionId, (body: AddReviewCommentBody) => api.post<TutorReview>(`${reviewPath(submissionId)}/comments`, body));
export const useEditReviewComment = (submissionId: string) =>
  useReviewChange(submissionId, ({ id, body }: { id: string; body: string }) => api.patch<TutorReview>(commentPath(id), { body }));
export const useDeleteReviewComment = (submissionId: string) =>
  useReviewChange(submissionId, (id: string) => api.delete<TutorReview>(commentPath(id)));
export const useSaveReviewDraft = (submissionId: string) =>
  useReviewChange(submissionId, (overallComment: string) => api.put<TutorReview>(reviewPath(submissionId), { overallComment }));
export const useSendReview = (submissionId: string) =>
  useReviewChange(submissionId, (overallComment: string) => api.post<TutorReview>(`${reviewPath(submissionId)}/send`, { overallComment }));

const sameCodePath = (submissionId: string) => `/api/admin/submissions/${encodeURIComponent(submissionId)}/same-code`;

export const useSameCodeStudents = (submissionId: string) =>
  useQuery({
    queryKey: reviewKeys.sameCode(submissionId),
    queryFn: ({ signal }) => api.get<SameCodeResponse>(sameCodePath(submissionId), { signal }),
  });

export function useSendToSameCode(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddReviewCommentBody) => api.post<SameCodeSent>(`${sameCodePath(submissionId)}/comments`, body),
    // The other students' reviews changed: any of them open elsewhere is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...practiceKeys.admin(), 'review'] }),
  });
}

export const useSavedComments = (enabled = true) =>
  useQuery({
    queryKey: reviewKeys.saved(),
    queryFn: ({ signal }) => api.get<SavedCommentsResponse>('/api/admin/saved-comments', { signal }).then((r) => r.comments),
    enabled,
  });

export function useSaveComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<SavedComment>('/api/admin/saved-comments', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.saved() }),
  });
}

export function useDeleteSavedComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/admin/saved-comments/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.saved() }),
  });
}

// ---------- the student ----------

export const useLessonFeedback = (lessonId: string, enabled = true) =>
  useQuery({
    queryKey: reviewKeys.lessonFeedback(lessonId),
    queryFn: ({ signal }) => api.get<LessonFeedbackResponse>(`/api/lessons/${encodeURIComponent(lessonId)}/feedback`, { signal }),
    enabled,
  });

/**
 * The lessons to mark in the outline: feedback the student has not opened. Asked once the course
 * screen has painted: the marks come a moment after the outline, never before the lesson.
 */
export function useUnseenFeedback(enabled = true) {
  const painted = useSettled({ settle: false });
  return useQuery({
    queryKey: reviewKeys.unseen(),
    queryFn: ({ signal }) => api.get<UnseenFeedbackResponse>('/api/me/feedback/unseen', { signal }).then((r) => new Set(r.lessonIds)),
    enabled: enabled && painted,
  });
}

export const markFeedbackSeen = (reviewId: string) => api.post<void>(`/api/reviews/${encodeURIComponent(reviewId)}/seen`);
