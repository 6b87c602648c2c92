import type { VideoProgressBody, VideoProgressResponse } from '@common/learning';
import { api } from '@web/lib/api';

/** Where the lesson's video is and the seconds it really played since the last report; the server credits them against its clock. */
export const recordVideoProgress = (lessonId: string, body: VideoProgressBody) =>
  api.put<VideoProgressResponse>(`/api/lessons/${encodeURIComponent(lessonId)}/video-progress`, body);
