import type { MarkNotificationsReadBody, UserNotificationsResponse } from '@common/user-notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const userNotificationsKey = ['user-notifications'] as const;
/** New feedback or a reply shows within a minute while the app is open, and at once when the window is focused again. */
const REFRESH_MS = 60_000;

export const useUserNotifications = (enabled = true) =>
  useQuery({
    queryKey: userNotificationsKey,
    queryFn: ({ signal }) => api.get<UserNotificationsResponse>('/api/notifications', { signal }),
    enabled,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkNotificationsReadBody) => api.post<UserNotificationsResponse>('/api/notifications/read', body),
    onSuccess: (data) => queryClient.setQueryData(userNotificationsKey, data),
  });
}
