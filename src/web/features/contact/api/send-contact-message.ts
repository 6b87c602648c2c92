import type { ContactBody } from '@common/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const sendContactMessage = (body: ContactBody) => api.post<{ ok: true }>('/api/contact', body);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
