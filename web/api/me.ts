import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { FALLBACK } from '#domain/messages';
import type { ChangePasswordBody, Me, passwordChangedResponse, UpdateProfileBody, User } from '#domain/users';
import { api } from './client';
import { meKeys } from './keys';

export async function getMe(): Promise<Me> {
  const { data } = await api.get<Me>('/me');
  return data;
}

export function useMe() {
  return useQuery({ queryKey: meKeys.all, queryFn: getMe, meta: { errorMessage: FALLBACK.loadProfile } });
}

export function useUpdateMe() {
  return useMutation({
    mutationFn: async (body: UpdateProfileBody) => (await api.put<User>('/me', body)).data,
    meta: { errorMessage: FALLBACK.updateProfile },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) =>
      (await api.put<z.infer<typeof passwordChangedResponse>>('/me/password', body)).data,
    meta: { errorMessage: FALLBACK.updatePassword },
  });
}
