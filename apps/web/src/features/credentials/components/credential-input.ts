import type { VerifyCredentialRequest } from '@portal/shared/credentials';

/** A check to run: a credential or a CID for the server, or a holder's share link. */
export type VerifyInput = VerifyCredentialRequest | { share: string };

export type CredentialInput = { request: VerifyInput } | { problem: 'empty' | 'invalidJson' | 'notAnObject' };

/** A share link: `…/verify#share=<token>` (before ADR 50, `?share=` or the API's `…/credentials/shared/<token>`). */
const SHARE_URL = /(?:[?&#]share=|\/credentials\/shared\/)([A-Za-z0-9_-]{43})(?:[&#/]|$)/;

/** A CID also arrives as `ipfs://<cid>` or as a gateway URL `…/ipfs/<cid>`. */
const IPFS_URL = /^(?:ipfs:\/\/|https?:\/\/[^/]+\/ipfs\/)([^/?#\s]+)/i;

/**
 * What the visitor pasted (or uploaded) on the verification page: a credential (anything starting
 * with `{`), a share link, or a CID. The server judges the CID itself; here only the JSON is parsed.
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
  const share = SHARE_URL.exec(trimmed)?.[1];
  if (share) return { request: { share } };
  return { request: { cid: IPFS_URL.exec(trimmed)?.[1] ?? trimmed } };
}
