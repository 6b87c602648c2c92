import type { draftResponseSchema } from '@common/practice';
import type { z } from 'zod';
import { api } from '@web/lib/api';
import { exercisePath } from './practice-keys';

export type DraftResponse = z.infer<typeof draftResponseSchema>;

/** Keeps what the student typed on the server, every file of it (the preview answers `saved: false`). */
export const saveDraft = (exerciseId: string, code: string, files: { name: string; content: string }[] = []) =>
  api.put<DraftResponse>(`${exercisePath(exerciseId)}/draft`, files.length ? { code, files } : { code });
