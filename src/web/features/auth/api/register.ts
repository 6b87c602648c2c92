import type { RegisterBody, SessionUser } from '@common/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Creates a pending student account; no session is started (the tutor approves first). */
export const register = (body: RegisterBody) => api.post<{ user: SessionUser }>('/api/auth/register', body);

export const useRegister = () => useMutation({ mutationFn: register });
