import { createHash, randomBytes, randomInt } from 'node:crypto';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { checkStatus, createCredential, createList } from '@digitalbazaar/vc-bitstring-status-list';
import {
  constants as statusListContext,
  contexts as statusListContexts,
} from '@digitalbazaar/vc-bitstring-status-list-context';
import { z } from 'zod';
import {
  CREDENTIAL_STATUS_PATH,
  VERIFY_ERROR_MAX,
  VERIFY_ERRORS_MAX,
  walletsClaim,
  type CredentialShare,
  type CredentialSubject,
  type CredentialType,
  type VerifiableCredential,
} from '@portal/shared/credentials';
import { DID_MAX } from '@portal/shared/bounds';
import { SolanaSignatureSchema, TxHashSchema } from '@portal/shared/chain';
import { messages } from '@portal/shared/messages';
import type { Clock } from '../../clock.js';
import type { DbOrTx } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import { IpfsIntegrityError, type IpfsDocument, type IpfsPort } from '../../providers/ipfs/ipfs.js';
import type { DidKey } from '../did/did-key.js';
import type { DidService } from '../did/did.service.js';
import type { UsersService } from '../users/users.service.js';
import type { CredentialsRepo } from './credentials.repo.js';
import { createDocumentLoader } from './document-loader.js';
import { portalContext, portalContextUrl } from './portal-context.js';

const VC_V1_CONTEXT = 'https://www.w3.org/2018/credentials/v1';
const DATA_INTEGRITY_CONTEXT = 'https://w3id.org/security/data-integrity/v2';
const VALIDITY_YEARS = 1;
/** The W3C minimum (16 KiB of bits), so one list hides which of 131,072 credentials changed. */
export const STATUS_LIST_LENGTH = 131_072;
const STATUS_PURPOSE = 'revocation';
const DRAWS_PER_LIST = 32;
const DAY_MS = 24 * 3600_000;

export interface CredentialsDeps {
  /** The platform's own DID and signing key. */
  issuer: DidKey;
  repo: CredentialsRepo;
  ipfs: Pick<IpfsPort, 'add' | 'get' | 'url'>;
  users: Pick<UsersService, 'getProfile'>;
  dids: Pick<DidService, 'find'>;
  clock: Clock;
  publicUrl: string;
  /** The explorer page of a transaction on a chain with an engine here; undefined elsewhere. */
  explorerTxUrl(family: string, hash: string): string | undefined;
}

/** The transactions a purchase credential names (what the purchases module signs). */
const PurchaseClaimSchema = z.looseObject({
  blockchain: z.string(),
  paymentTransaction: z.string().optional(),
  deliveryTransaction: z.string().optional(),
});

export interface IssuedCredential {
  credential: VerifiableCredential;
  /** The exact bytes stored on IPFS: the CID is their hash, so never re-serialize the credential. */
  bytes: Uint8Array;
  cid: string;
  url: string;
}

export interface VerificationResult {
  verified: boolean;
  /** The issuer's status list says this credential is revoked. */
  revoked: boolean;
  issuer: string | null;
  trustedIssuer: boolean;
  /** The issuer field names this portal, proven or not (a tampered copy of ours still does). */
  issuerIsPortal: boolean;
  /** Explorer pages of the transactions the credential names, by hash. */
  explorerLinks: Record<string, string>;
  errors: string[];
}

/** Who asks for a stored document: its subject and admins may read a private one. */
export interface Reader {
  userId: string;
  role: string;
}

export const canRead = (document: Pick<IpfsDocument, 'owner'>, reader: Reader | undefined) =>
  document.owner === null || reader?.role === 'admin' || reader?.userId === document.owner;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The least a document needs before the VC library can report on it (instead of crashing). */
const CredentialShape = z.looseObject({
  '@context': z.array(z.unknown()).min(1),
  proof: z.union([z.looseObject({}), z.array(z.looseObject({})).min(1)]),
});

/** XML Schema dateTime in UTC at whole seconds, as VCDM 1.1 examples write it. */
const xsdDateTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function issuerOf(credential: Record<string, unknown>): string | null {
  const { issuer } = credential;
  const id = typeof issuer === 'string' ? issuer : (issuer as { id?: unknown } | null | undefined)?.id;
  // A pasted document may name anything; text longer than any DID names no issuer.
  return typeof id === 'string' && id.length <= DID_MAX ? id : null;
}

/** The library nests its reasons (VerificationError → errors[]); the caller gets short texts. */
function errorMessages(error: unknown): string[] {
  const nested = (error as { errors?: unknown } | null | undefined)?.errors;
  if (Array.isArray(nested) && nested.length) return nested.flatMap(errorMessages);
  const message = error instanceof Error ? error.message : String(error);
  return [message.slice(0, VERIFY_ERROR_MAX)];
}

/**
 * Issues and verifies the portal's verifiable credentials. Issuance signs, serializes once and
 * stores those exact bytes on IPFS; verification runs fully offline against the bundled contexts.
 */
export class CredentialsService {
  private readonly documentLoader: vc.DocumentLoader;
  private readonly contextUrl: string;

  /** The last signed status list per list number, re-signed only when its bits change. */
  private readonly signedLists = new Map<
    number,
    { encodedList: string; credential: Record<string, unknown> }
  >();

  constructor(private readonly deps: CredentialsDeps) {
    this.contextUrl = portalContextUrl(deps.publicUrl);
    const staticLoader = createDocumentLoader([[this.contextUrl, this.context()], ...statusListContexts]);
    // The portal's own status lists are read from the database, never fetched over HTTP.
    this.documentLoader = async (url) => {
      const list = this.statusListNumber(url);
      if (list === undefined) return staticLoader(url);
      return { contextUrl: null, documentUrl: url, document: await this.statusListCredential(list) };
    };
  }

  get issuerDid(): string {
    return this.deps.issuer.did;
  }

  /** The portal's JSON-LD context document, as published. */
  context() {
    return portalContext(this.deps.publicUrl);
  }

  /** The subject claims of docs/product.md §3.3 for an investor, from their profile (KYC identity, vault wallets). */
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
   * Issues a PRIVATE credential to `userId` about `subject` (any claims; `id` is the subject's
   * DID): signed, valid for a year, with a revocation entry in a Bitstring Status List, and
   * stored content-addressed but readable only by that user and admins (never pinned remotely).
   */
  async issue(input: {
    userId: string;
    type: CredentialType;
    subject: { id: string } & Record<string, unknown>;
  }): Promise<IssuedCredential> {
    const { issuer, clock, ipfs, repo } = this.deps;
    const now = clock.now();
    const expires = new Date(now);
    expires.setUTCFullYear(expires.getUTCFullYear() + VALIDITY_YEARS);
    const entry = await this.allocateStatus(input.userId, input.type);
    const listUrl = this.statusListUrl(entry.statusList);
    const unsigned = {
      '@context': [VC_V1_CONTEXT, statusListContext.CONTEXT_URL, DATA_INTEGRITY_CONTEXT, this.contextUrl],
      id: `urn:uuid:${entry.id}`,
      type: ['VerifiableCredential', input.type],
      issuer: issuer.did,
      issuanceDate: xsdDateTime(now),
      expirationDate: xsdDateTime(expires),
      credentialSubject: structuredClone(input.subject),
      credentialStatus: {
        id: `${listUrl}#${entry.statusIndex}`,
        type: 'BitstringStatusListEntry',
        statusPurpose: STATUS_PURPOSE,
        statusListIndex: String(entry.statusIndex),
        statusListCredential: listUrl,
      },
    };
    const signed = await vc.issue({
      credential: unsigned,
      suite: new DataIntegrityProof({ signer: issuer.signer, cryptosuite: eddsaRdfc2022, date: now }),
      documentLoader: this.documentLoader,
      now,
    });
    const bytes = new TextEncoder().encode(JSON.stringify(signed));
    const cid = await ipfs.add(bytes, 'application/json', { owner: input.userId });
    await repo.setCid(entry.id, cid);
    return { credential: signed as VerifiableCredential, bytes, cid, url: ipfs.url(cid) };
  }

  /**
   * Revokes every credential of the user (KYC turned RED, or an admin decided): their bits in the
   * status list are set, which every verifier that checks status sees. Runs in the caller's
   * transaction when one is given.
   */
  async revokeAll(userId: string, reason: string, tx?: DbOrTx): Promise<number> {
    const repo = tx ? this.deps.repo.with(tx) : this.deps.repo;
    return repo.revokeAllOf(userId, reason, this.deps.clock.now());
  }

  /**
   * Revokes some of the user's credentials (their bits in the status list are set); the ones
   * already revoked or not theirs are left alone. Runs in the caller's transaction when given.
   */
  async revokeOwned(userId: string, ids: readonly string[], reason: string, tx?: DbOrTx): Promise<string[]> {
    const repo = tx ? this.deps.repo.with(tx) : this.deps.repo;
    return repo.revokeOwned(userId, ids, reason, this.deps.clock.now());
  }

  /** The public, signed BitstringStatusListCredential number `list`, as of now. */
  async statusListCredential(list: number): Promise<Record<string, unknown>> {
    const bits = await createList({ length: STATUS_LIST_LENGTH });
    for (const index of await this.deps.repo.revokedIndexes(list)) bits.setStatus(index, true);
    const encodedList = await bits.encode();
    const cached = this.signedLists.get(list);
    if (cached?.encodedList === encodedList) return cached.credential;
    const id = this.statusListUrl(list);
    const unsigned = await createCredential({
      id,
      list: bits,
      statusPurpose: STATUS_PURPOSE,
      context: [VC_V1_CONTEXT, statusListContext.CONTEXT_URL],
    });
    const now = this.deps.clock.now();
    const credential = await vc.issue({
      credential: {
        ...unsigned,
        '@context': [...unsigned['@context'], DATA_INTEGRITY_CONTEXT],
        issuer: this.deps.issuer.did,
        issuanceDate: xsdDateTime(now),
      },
      suite: new DataIntegrityProof({
        signer: this.deps.issuer.signer,
        cryptosuite: eddsaRdfc2022,
        date: now,
      }),
      documentLoader: this.documentLoader,
      now,
    });
    this.signedLists.set(list, { encodedList, credential });
    return credential;
  }

  /** A stored document, if `reader` may see it; a private one is "not found" to anyone else. */
  async readable(cid: string, reader: Reader | undefined): Promise<IpfsDocument | undefined> {
    const document = await this.deps.ipfs.get(cid);
    return document && canRead(document, reader) ? document : undefined;
  }

  /** A revocable link to one of the holder's credentials, valid for `days` days. */
  async share(userId: string, cid: string, days: number): Promise<CredentialShare & { url: string }> {
    const { repo, clock, publicUrl } = this.deps;
    const credential = await repo.findOwnedByCid(userId, cid);
    if (!credential) throw new DomainError('NOT_FOUND', messages.credentialNotFound);
    const token = randomBytes(32).toString('base64url');
    const row = await repo.insertShare({
      credentialId: credential.id,
      userId,
      tokenHash: tokenHash(token),
      expiresAt: new Date(clock.now().getTime() + days * DAY_MS),
    });
    return {
      id: row.id,
      cid,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      // In the fragment: browsers never send it to a server nor put it in a Referer (ADR 50).
      url: `${publicUrl}/verify#share=${token}`,
    };
  }

  /** The holder's live share links for one credential (their secrets are not kept, so no URLs). */
  async shares(userId: string, cid: string): Promise<CredentialShare[]> {
    const { repo, clock } = this.deps;
    const credential = await repo.findOwnedByCid(userId, cid);
    if (!credential) throw new DomainError('NOT_FOUND', messages.credentialNotFound);
    return (await repo.listShares(userId, credential.id, clock.now())).map((row) => ({
      id: row.id,
      cid,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    }));
  }

  async revokeShare(userId: string, shareId: string): Promise<void> {
    if (!(await this.deps.repo.revokeShare(userId, shareId, this.deps.clock.now())))
      throw new DomainError('NOT_FOUND', messages.credentialShareNotFound);
  }

  /** The credential behind a live share link; anything else is the same "not found". */
  async shared(token: string): Promise<Record<string, unknown>> {
    const row = await this.deps.repo.findShared(tokenHash(token), this.deps.clock.now());
    const document = row?.cid ? await this.deps.ipfs.get(row.cid) : undefined;
    if (!document) throw new DomainError('NOT_FOUND', messages.credentialShareNotFound);
    return JSON.parse(new TextDecoder().decode(document.bytes)) as Record<string, unknown>;
  }

  statusListUrl(list: number): string {
    return `${this.deps.publicUrl}${CREDENTIAL_STATUS_PATH}/${list}`;
  }

  private statusListNumber(url: string): number | undefined {
    const prefix = `${this.deps.publicUrl}${CREDENTIAL_STATUS_PATH}/`;
    if (!url.startsWith(prefix)) return undefined;
    const list = Number(url.slice(prefix.length));
    return Number.isSafeInteger(list) && list >= 1 ? list : undefined;
  }

  /**
   * A free position, drawn at random, in the first list that still has room. Position and
   * credential row are one insert, so two issuers never share a bit.
   */
  private async allocateStatus(userId: string, type: string) {
    for (let statusList = 1; ; statusList++) {
      for (let draw = 0; draw < DRAWS_PER_LIST; draw++) {
        const row = await this.deps.repo.insert({
          userId,
          type,
          statusList,
          statusIndex: randomInt(STATUS_LIST_LENGTH),
        });
        if (row) return row;
      }
    }
  }

  /**
   * Checks a credential from anyone: its proof against the issuer's DID, and its dates against
   * now. A malformed document is an unverified one, never an error.
   */
  async verify(credential: Record<string, unknown>): Promise<VerificationResult> {
    const issuer = issuerOf(credential);
    const described = {
      issuer,
      issuerIsPortal: issuer === this.deps.issuer.did,
      explorerLinks: this.explorerLinks(credential),
    };
    const unverified = (errors: string[], revoked = false) => ({
      ...described,
      verified: false,
      revoked,
      trustedIssuer: false,
      errors,
    });
    if (!CredentialShape.safeParse(credential).success) return unverified([messages.credentialMalformed]);
    let result: vc.VerifyCredentialResult;
    try {
      result = await vc.verifyCredential({
        credential,
        suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
        documentLoader: this.documentLoader,
        now: this.deps.clock.now(),
        // The list is our own, read from our database, so its signature needs no check here.
        checkStatus: (options) =>
          checkStatus({
            ...options,
            documentLoader: this.documentLoader,
            verifyBitstringStatusListCredential: false,
          }),
      });
    } catch (error) {
      return unverified(errorMessages(error).slice(0, VERIFY_ERRORS_MAX));
    }
    if (result.statusResult?.results?.some((entry) => entry.status)) {
      return unverified([messages.credentialRevoked], true);
    }
    if (!result.verified) {
      const reasons = result.error ?? result.results?.find((r) => !r.verified)?.error;
      return unverified(
        reasons
          ? [...new Set(errorMessages(reasons))].slice(0, VERIFY_ERRORS_MAX)
          : [messages.credentialNotVerified],
      );
    }
    return {
      ...described,
      verified: true,
      revoked: false,
      trustedIssuer: described.issuerIsPortal,
      errors: [],
    };
  }

  /**
   * A purchase credential's payment (always on Ethereum, docs/architecture.md "Chains") and
   * delivery (on the token's chain) as explorer links; only well-formed hashes, since a visitor
   * may paste any document.
   */
  private explorerLinks(credential: Record<string, unknown>): Record<string, string> {
    const parsed = PurchaseClaimSchema.safeParse(
      (credential.credentialSubject as Record<string, unknown> | undefined)?.tokenPurchase,
    );
    if (!parsed.success) return {};
    const { blockchain, paymentTransaction, deliveryTransaction } = parsed.data;
    const links: Record<string, string> = {};
    for (const [family, hash] of [
      ['ethereum', paymentTransaction],
      [blockchain, deliveryTransaction],
    ] as const) {
      const wellFormed =
        family === 'ethereum' ? TxHashSchema : family === 'solana' ? SolanaSignatureSchema : undefined;
      const url =
        hash && wellFormed?.safeParse(hash).success ? this.deps.explorerTxUrl(family, hash) : undefined;
      if (url) links[hash!] = url;
    }
    return links;
  }

  /** 'Download my data': each of the holder's credentials, its status and the signed document itself. */
  async exportData(userId: string): Promise<Array<Record<string, unknown>>> {
    const rows = await this.deps.repo.listOwned(userId);
    return Promise.all(
      rows.map(async (row) => {
        const document = await this.deps.ipfs.get(row.cid!).catch(() => undefined);
        let credential: unknown;
        try {
          credential = document ? JSON.parse(new TextDecoder().decode(document.bytes)) : null;
        } catch {
          // Stored bytes that are not JSON: the export says so rather than failing.
          credential = null;
        }
        return {
          type: row.type,
          cid: row.cid,
          url: this.deps.ipfs.url(row.cid!),
          issuedAt: row.createdAt.toISOString(),
          revokedAt: row.revokedAt?.toISOString() ?? null,
          revocationReason: row.revocationReason,
          credential,
        };
      }),
    );
  }

  /** Verifies the credential stored under a CID, when `reader` may read it. */
  async verifyStored(
    cid: string,
    reader: Reader | undefined,
  ): Promise<VerificationResult & { credential?: Record<string, unknown> }> {
    const unverified = (error: string) => ({
      verified: false,
      revoked: false,
      issuer: null,
      trustedIssuer: false,
      issuerIsPortal: false,
      explorerLinks: {},
      errors: [error],
    });
    let document;
    try {
      document = await this.deps.ipfs.get(cid);
    } catch (error) {
      if (error instanceof IpfsIntegrityError) return unverified(messages.ipfsIntegrityFailed);
      throw error;
    }
    if (!document || !canRead(document, reader))
      throw new DomainError('NOT_FOUND', messages.credentialNotFound);
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
