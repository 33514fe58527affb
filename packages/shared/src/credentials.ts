import { z } from 'zod';
import {
  CID_MAX,
  cidAnswer,
  DID_MAX,
  didAnswer,
  linkAnswer,
  textAnswer,
  timestampAnswer,
  txHashAnswer,
  UNPAGED_LIST_MAX,
} from './bounds.js';
import { messages } from './messages.js';
import { assetChain, type Wallet, type WalletChain } from './vault.js';

/**
 * Verifiable credentials (docs/product.md §3.3): W3C VCDM 1.1, because the product's
 * fields are issuanceDate and expirationDate, signed by the platform's DID with a Data Integrity
 * proof (eddsa-rdfc-2022) and stored on IPFS.
 */

/** Where the portal's JSON-LD context is published, relative to the portal's public URL. */
export const PORTAL_CONTEXT_PATH = '/contexts/portal/v1';

/** Where the portal's public Bitstring Status List credentials live: `${path}/<list number>`. */
export const CREDENTIAL_STATUS_PATH = '/api/credentials/status';

/** A top-level term of a credential or context (ours are short; a pasted document's up to this). */
const CREDENTIAL_KEY_MAX = 200;

export const CREDENTIAL_TYPES = [
  'SoulBoundTokenCredential',
  'TokenPurchaseCredential',
  'DistributionCredential',
  'HoldingCredential',
] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/** The asset names a credential's `wallets` map uses (asset name → address). */
export const WALLET_CHAIN_NAMES: Record<WalletChain, string> = {
  ethereum: 'Ethereum',
  bitcoin: 'Bitcoin',
  solana: 'Solana',
  ripple: 'Ripple',
  stellar: 'Stellar',
};

/** The `wallets` claim: the first wallet of each chain, under the chain's name. */
export function walletsClaim(wallets: readonly Wallet[]): Record<string, string> {
  const claim: Record<string, string> = {};
  for (const wallet of wallets) {
    const chain = assetChain(wallet.assetId);
    if (chain) claim[WALLET_CHAIN_NAMES[chain]] ??= wallet.address;
  }
  return claim;
}

export const CredentialSubjectSchema = z
  .looseObject({
    id: z.string(),
    full_name: z.string(),
    email: z.string(),
    kycStatus: z.string(),
    // Present once KYC has reported the investor's country.
    country: z.string().optional(),
    wallets: z.record(z.string(), z.string()),
  })
  .meta({ id: 'CredentialSubject' });
export type CredentialSubject = z.infer<typeof CredentialSubjectSchema>;

export const DataIntegrityProofSchema = z.looseObject({
  type: z.string(),
  cryptosuite: z.string(),
  created: z.string().optional(),
  verificationMethod: z.string(),
  proofPurpose: z.string(),
  proofValue: z.string(),
});

export const VerifiableCredentialSchema = z
  .looseObject({
    '@context': z.array(z.string()),
    id: z.string(),
    type: z.array(z.string()),
    issuer: z.string(),
    issuanceDate: z.string(),
    expirationDate: z.string(),
    credentialSubject: CredentialSubjectSchema,
    proof: DataIntegrityProofSchema,
  })
  .meta({ id: 'VerifiableCredential' });
export type VerifiableCredential = z.infer<typeof VerifiableCredentialSchema>;

/** Either the credential itself or the CID of one stored on the portal's IPFS gateway. */
export const VerifyCredentialRequestSchema = z
  .strictObject({
    credential: z
      .record(z.string().max(CREDENTIAL_KEY_MAX), z.unknown(), { error: messages.credentialNotAnObject })
      .optional(),
    cid: z
      .string()
      .min(1, messages.credentialCidInvalid)
      .max(CID_MAX, messages.credentialCidInvalid)
      .optional(),
  })
  .refine((body) => (body.credential === undefined) !== (body.cid === undefined), {
    error: messages.credentialOrCidRequired,
  })
  .meta({ id: 'VerifyCredentialRequest' });
export type VerifyCredentialRequest = z.input<typeof VerifyCredentialRequestSchema>;

/** The reasons a verification answers: the first ten, each cut to 300 characters. */
export const VERIFY_ERRORS_MAX = 10;
export const VERIFY_ERROR_MAX = 300;

export const VerifyCredentialResponseSchema = z
  .object({
    success: z.literal(true),
    /** The proof is valid for the issuer's DID, within its validity dates, and not revoked. */
    verified: z.boolean(),
    /** The issuer's status list says the credential is revoked. */
    revoked: z.boolean(),
    /** Verified and issued by this portal's own DID. */
    trustedIssuer: z.boolean(),
    /** The issuer field names this portal's DID, whether or not the proof holds. */
    issuerIsPortal: z.boolean(),
    /** What the document names as issuer; null when that cannot be a DID (longer than any). */
    issuer: textAnswer(DID_MAX).nullable(),
    /** Explorer pages of the transactions the credential names (a purchase's payment and delivery), by hash. */
    explorerLinks: z.record(txHashAnswer(), linkAnswer()),
    errors: z.array(textAnswer(VERIFY_ERROR_MAX)).max(VERIFY_ERRORS_MAX),
    /** The credential that was checked, when it was looked up by CID. */
    credential: z.record(textAnswer(CREDENTIAL_KEY_MAX), z.unknown()).optional(),
  })
  .meta({ id: 'VerifyCredentialResponse' });
export type VerifyCredentialResponse = z.infer<typeof VerifyCredentialResponseSchema>;

export const IssuerResponseSchema = z
  .object({ success: z.literal(true), did: didAnswer })
  .meta({ id: 'CredentialIssuerResponse' });
export type IssuerResponse = z.infer<typeof IssuerResponseSchema>;

/** A JSON-LD context document. */
export const JsonLdContextSchema = z.object({
  '@context': z.record(textAnswer(CREDENTIAL_KEY_MAX), z.unknown()),
});

export const StatusListParamsSchema = z.object({
  list: z.coerce
    .number({ error: messages.notFound })
    .int(messages.notFound)
    .min(1, messages.notFound)
    .max(1_000_000, messages.notFound),
});

/** A holder's revocable, expiring link to one of their credentials. */
export const CredentialShareSchema = z
  .object({
    id: z.uuid(),
    cid: cidAnswer,
    createdAt: timestampAnswer,
    expiresAt: timestampAnswer,
  })
  .meta({ id: 'CredentialShare' });
export type CredentialShare = z.infer<typeof CredentialShareSchema>;

export const CreateShareRequestSchema = z
  .strictObject({
    cid: z.string().min(1, messages.credentialCidInvalid).max(CID_MAX, messages.credentialCidInvalid),
    days: z
      .number({ error: messages.credentialShareDays })
      .int(messages.credentialShareDays)
      .min(1, messages.credentialShareDays)
      .max(90, messages.credentialShareDays)
      .default(7),
  })
  .meta({ id: 'CreateShareRequest' });
export type CreateShareRequest = z.input<typeof CreateShareRequestSchema>;

export const CreateShareResponseSchema = z
  .object({ success: z.literal(true), share: CredentialShareSchema.extend({ url: linkAnswer() }) })
  .meta({ id: 'CreateShareResponse' });
export type CreateShareResponse = z.infer<typeof CreateShareResponseSchema>;

export const ListSharesQuerySchema = z.object({ cid: z.string().min(1).max(CID_MAX) });
// Not paged: a holder's live links to one credential, far fewer than this.
export const ListSharesResponseSchema = z
  .object({ success: z.literal(true), shares: z.array(CredentialShareSchema).max(UNPAGED_LIST_MAX) })
  .meta({ id: 'ListSharesResponse' });

export const ShareIdParamsSchema = z.object({ id: z.uuid(messages.credentialShareNotFound) });

/**
 * The credential behind a share link, asked for with the link's secret (32 random bytes,
 * base64url) in the body: a path or query would put it in access logs and Referer headers.
 */
export const SharedCredentialRequestSchema = z
  .strictObject({
    token: z
      .string()
      .max(43, messages.credentialShareNotFound)
      .regex(/^[A-Za-z0-9_-]{43}$/, messages.credentialShareNotFound),
  })
  .meta({ id: 'SharedCredentialRequest' });
export const SharedCredentialResponseSchema = z
  .object({
    success: z.literal(true),
    credential: z.record(textAnswer(CREDENTIAL_KEY_MAX), z.unknown()),
  })
  .meta({ id: 'SharedCredentialResponse' });
export type SharedCredentialResponse = z.infer<typeof SharedCredentialResponseSchema>;
