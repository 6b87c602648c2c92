import type { VideoProgressBody, VideoProgressResponse, VideoUnplayableBody } from '@common/learning';
import { api } from '@web/lib/api';

/** Where the lesson's video is and the seconds it really played since the last report; the server credits them against its clock. */
export const recordVideoProgress = (lessonId: string, body: VideoProgressBody) =>
  api.put<VideoProgressResponse>(`/api/lessons/${encodeURIComponent(lessonId)}/video-progress`, body);

/** The lesson's video could not be played here: the server keeps it, and Mark Complete stops waiting for the video (decision 030). */
export const recordVideoUnplayable = (lessonId: string, body: VideoUnplayableBody) =>
  api.post<VideoProgressResponse>(`/api/lessons/${encodeURIComponent(lessonId)}/video-unplayable`, body);
