import type { VerifyCredentialRequest } from '@portal/shared/credentials';

export type CredentialInput =
  { request: VerifyCredentialRequest } | { problem: 'empty' | 'invalidJson' | 'notAnObject' };

/** A CID also arrives as `ipfs://<cid>` or as a gateway URL `…/ipfs/<cid>`. */
const IPFS_URL = /^(?:ipfs:\/\/|https?:\/\/[^/]+\/ipfs\/)([^/?#\s]+)/i;

/**
 * What the visitor pasted on the verification page: a credential (anything starting with `{`) or
 * a CID. The server judges the CID itself; here only the JSON is parsed.
 */
export function parseCredentialInput(text: string): CredentialInput {
  const trimmed = text.trim();
  if (!trimmed) return { problem: 'empty' };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return { problem: 'invalidJson' };
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { problem: 'notAnObject' };
    return { request: { credential: parsed as Record<string, unknown> } };
  }
  return { request: { cid: IPFS_URL.exec(trimmed)?.[1] ?? trimmed } };
}
