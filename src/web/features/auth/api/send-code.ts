import type { SendCodeBody } from '@common/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const sendCode = (body: SendCodeBody) => api.post<{ ok: true }>('/api/auth/code', body);

export const useSendCode = () => useMutation({ mutationFn: sendCode });
