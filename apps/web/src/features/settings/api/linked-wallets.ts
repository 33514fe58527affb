import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkedWalletsResponse, SiweNonceResponse } from '@portal/shared/settings';
import { api } from '../../../lib/api-client';

export const linkedWalletsQueryKey = ['linked-wallets'] as const;

export const linkedWalletsQueryOptions = queryOptions({
  queryKey: linkedWalletsQueryKey,
  queryFn: async () => (await api.get<LinkedWalletsResponse>('/settings/wallets')).wallets,
});

export function useLinkedWallets() {
  return useQuery(linkedWalletsQueryOptions);
}

interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** The browser wallet (MetaMask and the like, EIP-1193), if one is installed. */
export function browserWallet(): Eip1193Provider | undefined {
  return (window as { ethereum?: Eip1193Provider }).ethereum;
}

/** The EIP-4361 message the wallet signs; the server checks every line of it. */
export function siweMessage(input: SiweNonceResponse & { address: string; chainId: number; issuedAt: Date }) {
  return [
    `${input.domain} wants you to sign in with your Ethereum account:`,
    input.address,
    '',
    'Link this wallet to my Investor Portal account.',
    '',
    `URI: ${input.uri}`,
    'Version: 1',
    `Chain ID: ${input.chainId}`,
    `Nonce: ${input.nonce}`,
    `Issued At: ${input.issuedAt.toISOString()}`,
  ].join('\n');
}

const toHex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/** Asks the browser wallet for its account and a signature, then links it (Sign-In with Ethereum). */
export async function connectWallet(provider: Eip1193Provider): Promise<LinkedWalletsResponse> {
  const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
  if (!address) throw new Error('No account');
  const chainId = Number.parseInt((await provider.request({ method: 'eth_chainId' })) as string, 16);
  const issued = await api.post<SiweNonceResponse>('/settings/wallets/nonce');
  const message = siweMessage({ ...issued, address, chainId, issuedAt: new Date() });
  const signature = (await provider.request({
    method: 'personal_sign',
    params: [toHex(message), address],
  })) as string;
  return api.post<LinkedWalletsResponse>('/settings/wallets/link', { message, signature });
}

export const removeWallet = (id: string) => api.post<LinkedWalletsResponse>(`/settings/wallets/${id}/remove`);
