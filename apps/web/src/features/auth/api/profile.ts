import { useQuery } from '@tanstack/react-query';
import type { User } from '@portal/shared/auth';
import { api } from '../../../lib/api-client';
import { getUserData, setUserData } from '../../../lib/auth-storage';

export const profileQueryKey = ['profile'] as const;

/** GET /auth/profile; the answer also refreshes the stored userData (docs/product.md §3.2). */
export async function fetchProfile(): Promise<User> {
  const data = await api.get<{ success: true; user: User }>('/auth/profile');
  setUserData({ ...getUserData(), ...data.user });
  return data.user;
}

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: fetchProfile });
}
