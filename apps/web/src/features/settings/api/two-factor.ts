import type { TwoFactorEnableResponse, TwoFactorSetupResponse } from '@portal/shared/settings';
import { api } from '../../../lib/api-client';

export const setupTwoFactor = () => api.post<TwoFactorSetupResponse>('/auth/two-factor/setup');

export const enableTwoFactor = (code: string) =>
  api.post<TwoFactorEnableResponse>('/auth/two-factor/enable', { code });

export const disableTwoFactor = (password: string) =>
  api.post<{ success: true; message: string }>('/auth/two-factor/disable', { password });
