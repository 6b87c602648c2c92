import type { CourseResponse } from '@common/courses';
import type { ThumbnailCandidatesResponse, ThumbnailGenerateBody } from '@common/media-helpers';
import { api } from '@web/lib/api';

const coursePath = (courseId: string) => `/api/admin/courses/${encodeURIComponent(courseId)}`;

/** 1 to 4 images from the image model for the course's thumbnail, kept on the server for an hour. */
export const generateThumbnails = (courseId: string, body: ThumbnailGenerateBody) =>
  api.post<ThumbnailCandidatesResponse>(`${coursePath(courseId)}/thumbnail-candidates`, body);

/** The chosen image (by id) becomes the course's thumbnail. */
export const chooseThumbnail = (courseId: string, candidateId: string) =>
  api.put<CourseResponse>(`${coursePath(courseId)}/thumbnail`, { candidateId });
