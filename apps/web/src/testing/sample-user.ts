import type { User } from '@portal/shared/auth';

/** The profile of a signed-in investor, as GET /auth/profile answers it. */
export const sampleUser = (overrides: Partial<User> = {}): User => ({
  id: '4a7c3f0e-8a43-4f7e-9d0c-0a8f9e1b2c3d',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'INVESTOR',
  did: null,
  didMetadata: null,
  wallets: [],
  kycStatus: 'verified',
  createdAt: '2026-11-21T12:00:00.000Z',
  ...overrides,
});
