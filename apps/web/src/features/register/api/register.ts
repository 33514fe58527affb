import { useQuery } from '@tanstack/react-query';
import { RegisterResponseSchema, RegisterTokensResponseSchema, type Register } from '@portal/shared/register';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** Whose register: the issuer's own token (names by consent) or any token for an admin (ADR 69). */
export type RegisterScope = 'issuer' | 'admin';

const path = (scope: RegisterScope, tokenId: string) =>
  `/${scope}/tokens/${encodeURIComponent(tokenId)}/register`;

/** GET /api/{issuer|admin}/tokens/:id/register */
export async function fetchRegister(scope: RegisterScope, tokenId: string): Promise<Register> {
  return RegisterResponseSchema.parse(await api.get(path(scope, tokenId))).register;
}

export function useRegister(scope: RegisterScope, tokenId: string | undefined) {
  return useQuery({
    queryKey: ['register', scope, tokenId] as const,
    queryFn: () => fetchRegister(scope, tokenId!),
    enabled: tokenId !== undefined,
  });
}

/** The CSV the server builds (quoting and formula guard there), saved under a dated name. */
export async function downloadRegisterCsv(scope: RegisterScope, register: Register): Promise<void> {
  const blob = await api.file(`${path(scope, register.token.id)}.csv`);
  const symbol = register.token.symbol.replace(/[^A-Za-z0-9]/g, '') || 'token';
  saveFile(blob, `register-${symbol}-${register.generatedAt.slice(0, 10)}.csv`);
}

/** GET /api/admin/tokens: the tokens an admin may open a register of. */
export function useRegisterTokens() {
  return useQuery({
    queryKey: ['register', 'admin', 'tokens'] as const,
    queryFn: async () => RegisterTokensResponseSchema.parse(await api.get('/admin/tokens')).tokens,
  });
}
