import type {
  NotificationSettings,
  NotificationSettingsResponse,
  TestMailResponse,
  UnsubscribeKind,
  UnsubscribeResponse,
} from '@common/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

// Under the admin screens' family (see src/web/lib/admin-data-key.ts).
const settingsKey = [...adminDataKey, 'notification-settings'] as const;

export const useNotificationSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get<NotificationSettingsResponse>('/api/admin/notification-settings', { signal }),
    staleTime: 0,
  });

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => api.put<NotificationSettingsResponse>('/api/admin/notification-settings', settings),
    onSuccess: (data) => queryClient.setQueryData(settingsKey, data),
  });
}

/** 'Send Test E-mail': one message to the signed-in tutor through the outbox; the outbox figures follow. */
export function useSendTestMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TestMailResponse>('/api/admin/notifications/test-mail'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}

export const useUnsubscribeStatus = (token: string) =>
  useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) => api.get<UnsubscribeResponse>(`/api/unsubscribe/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });

/** Turns off every reminder, or with 'due' only the reminders of due dates (the link of such a reminder says so). */
export const unsubscribe = (token: string, kind: UnsubscribeKind = 'all') =>
  api.post<UnsubscribeResponse>(`/api/unsubscribe/${encodeURIComponent(token)}${kind === 'all' ? '' : `?reminders=${kind}`}`);
