import { randomUUID } from 'node:crypto';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { z } from 'zod';
import {
  walletsClaim,
  type CredentialSubject,
  type CredentialType,
  type VerifiableCredential,
} from '@portal/shared/credentials';
import { messages } from '@portal/shared/messages';
import type { Clock } from '../../clock.js';
import { DomainError } from '../../errors.js';
import { IpfsIntegrityError, type IpfsPort } from '../../providers/ipfs/ipfs.js';
import type { DidKey } from '../did/did-key.js';
import type { DidService } from '../did/did.service.js';
import type { UsersService } from '../users/users.service.js';
import { createDocumentLoader } from './document-loader.js';
import { portalContext, portalContextUrl } from './portal-context.js';

const VC_V1_CONTEXT = 'https://www.w3.org/2018/credentials/v1';
const DATA_INTEGRITY_CONTEXT = 'https://w3id.org/security/data-integrity/v2';
const VALIDITY_YEARS = 1;
const MAX_ERRORS = 10;
const MAX_ERROR_LENGTH = 300;

export interface CredentialsDeps {
  /** The platform's own DID and signing key. */
  issuer: DidKey;
  ipfs: Pick<IpfsPort, 'add' | 'get' | 'url'>;
  users: Pick<UsersService, 'getProfile'>;
  dids: Pick<DidService, 'find'>;
  clock: Clock;
  publicUrl: string;
}

export interface IssuedCredential {
  credential: VerifiableCredential;
  /** The exact bytes stored on IPFS: the CID is their hash, so never re-serialize the credential. */
  bytes: Uint8Array;
  cid: string;
  url: string;
}

export interface VerificationResult {
  verified: boolean;
  issuer: string | null;
  trustedIssuer: boolean;
  errors: string[];
}

/** The least a document needs before the VC library can report on it (instead of crashing). */
const CredentialShape = z.looseObject({
  '@context': z.array(z.unknown()).min(1),
  proof: z.union([z.looseObject({}), z.array(z.looseObject({})).min(1)]),
});

/** XML Schema dateTime in UTC at whole seconds, as VCDM 1.1 examples write it. */
const xsdDateTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function issuerOf(credential: Record<string, unknown>): string | null {
  const { issuer } = credential;
  if (typeof issuer === 'string') return issuer;
  const id = (issuer as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? id : null;
}

/** The library nests its reasons (VerificationError → errors[]); the caller gets short texts. */
function errorMessages(error: unknown): string[] {
  const nested = (error as { errors?: unknown } | null | undefined)?.errors;
  if (Array.isArray(nested) && nested.length) return nested.flatMap(errorMessages);
  const message = error instanceof Error ? error.message : String(error);
  return [message.slice(0, MAX_ERROR_LENGTH)];
}

/**
 * Issues and verifies the portal's verifiable credentials. Issuance signs, serializes once and
 * stores those exact bytes on IPFS; verification runs fully offline against the bundled contexts.
 */
export class CredentialsService {
  private readonly documentLoader: vc.DocumentLoader;
  private readonly contextUrl: string;

  constructor(private readonly deps: CredentialsDeps) {
    this.contextUrl = portalContextUrl(deps.publicUrl);
    this.documentLoader = createDocumentLoader([[this.contextUrl, this.context()]]);
  }

  get issuerDid(): string {
    return this.deps.issuer.did;
  }

  /** The portal's JSON-LD context document, as published. */
  context() {
    return portalContext(this.deps.publicUrl);
  }

  /** The spec's subject claims for an investor, from their profile (KYC identity, vault wallets). */
  async investorSubject(userId: string): Promise<CredentialSubject> {
    const [profile, did] = await Promise.all([
      this.deps.users.getProfile(userId),
      this.deps.dids.find(userId),
    ]);
    if (!did) throw new DomainError('CONFLICT', messages.didRequired);
    return {
      id: did.did,
      full_name: profile.kycVerifiedName ?? profile.name,
      email: profile.email,
      kycStatus: profile.kycStatus,
      ...(profile.kycCountry ? { country: profile.kycCountry } : {}),
      wallets: walletsClaim(profile.wallets),
    };
  }

  /**
   * Signs a credential about `subject` (the spec's claims plus any the caller adds), valid for a
   * year from now, and stores it on IPFS.
   */
  async issue(input: {
    type: CredentialType;
    subject: CredentialSubject & Record<string, unknown>;
  }): Promise<IssuedCredential> {
    const { issuer, clock, ipfs } = this.deps;
    const now = clock.now();
    const expires = new Date(now);
    expires.setUTCFullYear(expires.getUTCFullYear() + VALIDITY_YEARS);
    const unsigned = {
      '@context': [VC_V1_CONTEXT, DATA_INTEGRITY_CONTEXT, this.contextUrl],
      id: `urn:uuid:${randomUUID()}`,
      type: ['VerifiableCredential', input.type],
      issuer: issuer.did,
      issuanceDate: xsdDateTime(now),
      expirationDate: xsdDateTime(expires),
      credentialSubject: structuredClone(input.subject),
    };
    const signed = await vc.issue({
      credential: unsigned,
      suite: new DataIntegrityProof({ signer: issuer.signer, cryptosuite: eddsaRdfc2022, date: now }),
      documentLoader: this.documentLoader,
      now,
    });
    const bytes = new TextEncoder().encode(JSON.stringify(signed));
    const cid = await ipfs.add(bytes, 'application/json');
    return { credential: signed as VerifiableCredential, bytes, cid, url: ipfs.url(cid) };
  }

  /**
   * Checks a credential from anyone: its proof against the issuer's DID, and its dates against
   * now. A malformed document is an unverified one, never an error.
   */
  async verify(credential: Record<string, unknown>): Promise<VerificationResult> {
    const issuer = issuerOf(credential);
    const unverified = (errors: string[]) => ({ verified: false, issuer, trustedIssuer: false, errors });
    if (!CredentialShape.safeParse(credential).success) return unverified([messages.credentialMalformed]);
    let result: vc.VerifyCredentialResult;
    try {
      result = await vc.verifyCredential({
        credential,
        suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
        documentLoader: this.documentLoader,
        now: this.deps.clock.now(),
      });
    } catch (error) {
      return unverified(errorMessages(error).slice(0, MAX_ERRORS));
    }
    if (!result.verified) {
      const reasons = result.error ?? result.results?.find((r) => !r.verified)?.error;
      return unverified(
        reasons
          ? [...new Set(errorMessages(reasons))].slice(0, MAX_ERRORS)
          : [messages.credentialNotVerified],
      );
    }
    return { verified: true, issuer, trustedIssuer: issuer === this.deps.issuer.did, errors: [] };
  }

  /** Verifies the credential stored under a CID in the portal's IPFS store. */
  async verifyStored(cid: string): Promise<VerificationResult & { credential?: Record<string, unknown> }> {
    const unverified = (error: string) => ({
      verified: false,
      issuer: null,
      trustedIssuer: false,
      errors: [error],
    });
    let document;
    try {
      document = await this.deps.ipfs.get(cid);
    } catch (error) {
      if (error instanceof IpfsIntegrityError) return unverified(messages.ipfsIntegrityFailed);
      throw error;
    }
    if (!document) throw new DomainError('NOT_FOUND', messages.credentialNotFound);
    let credential: unknown;
    try {
      credential = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(document.bytes));
    } catch {
      credential = undefined;
    }
    if (!credential || typeof credential !== 'object' || Array.isArray(credential)) {
      return unverified(messages.credentialNotJson);
    }
    const record = credential as Record<string, unknown>;
    return { ...(await this.verify(record)), credential: record };
  }
}
