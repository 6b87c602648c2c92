import type { NudgeResponse } from '@common/notifications';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** The reminder, now, to the chosen students; those who turned reminders off or had one this week are skipped. */
export const useNudgeStudents = () =>
  useMutation({ mutationFn: (studentIds: string[]) => api.post<NudgeResponse>('/api/admin/notifications/nudge', { studentIds }) });
