import type { MeResponse, VerifyLoginBody } from '@common/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const login = (body: VerifyLoginBody) => api.post<MeResponse>('/api/auth/login', body);

export const useLogin = () => useMutation({ mutationFn: login });
