import { randomBytes } from 'node:crypto';
import { driver, type DidDocument } from '@digitalbazaar/did-method-key';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { ED25519_DID_KEY_PATTERN } from '@portal/shared/did';

/**
 * did:key for Ed25519 keys in the Multikey form. The library's default maps 'z6Mk' keys to the
 * older Ed25519VerificationKey2020 type; Multikey is what eddsa-rdfc-2022 proofs expect.
 */
const didKeyDriver = driver();
didKeyDriver.use({ multibaseMultikeyHeader: 'z6Mk', fromMultibase: Ed25519Multikey.from });

export type { DidDocument };

export interface DidKey {
  did: string;
  /** Signs as the DID's assertion method (the verification method proofs name). */
  signer: ReturnType<Ed25519Multikey.Ed25519MultikeyPair['signer']>;
}

/** A new Ed25519 private key: 32 random bytes. */
export const generateDidKeySeed = () => randomBytes(32);

/** The DID and a signer for the Ed25519 key derived from a 32-byte seed. */
export async function didKeyFromSeed(seed: Uint8Array): Promise<DidKey> {
  const keyPair = await Ed25519Multikey.generate({ seed });
  const { didDocument, methodFor } = await didKeyDriver.fromKeyPair({ verificationKeyPair: keyPair });
  // The generated pair carries no id; the signer names it in every proof.
  const method = methodFor({ purpose: 'assertionMethod' });
  keyPair.id = method.id;
  keyPair.controller = didDocument.id;
  return { did: didDocument.id, signer: keyPair.signer() };
}

export class UnsupportedDidError extends Error {
  constructor(did: string, options?: { cause?: unknown }) {
    super(`Not an Ed25519 did:key: ${did.slice(0, 120)}`, options);
    this.name = 'UnsupportedDidError';
  }
}

/**
 * Resolves an Ed25519 did:key (or a DID URL naming its key) locally: did:key documents are derived
 * from the key itself, so nothing is ever fetched. Every other DID method is refused.
 */
export async function resolveDidKey(didUrl: string): Promise<Record<string, unknown>> {
  const [did = ''] = didUrl.split('#');
  if (!ED25519_DID_KEY_PATTERN.test(did)) throw new UnsupportedDidError(didUrl);
  try {
    return await didKeyDriver.get({ url: didUrl });
  } catch (error) {
    throw new UnsupportedDidError(didUrl, { cause: error });
  }
}
