import { z } from 'zod';
import { cidAnswer, linkAnswer, textAnswer, timestampAnswer, UNPAGED_LIST_MAX } from './bounds.js';
import { DECIMAL } from './money.js';
import { CHAIN_FAMILIES } from './chain-families.js';
import { unitsAnswer } from './holdings.js';
import { TOKEN_NAME_MAX, TOKEN_SYMBOL_MAX } from './issuer.js';
import { messages } from './messages.js';

/**
 * A holding credential (docs/product.md, "Holding credentials"; ADR 74): a signed statement by the
 * platform that its holder holds at least `threshold` of a token, never the balance itself, never
 * a name or an e-mail; the holder's DID only if they chose to disclose it. Revoked through the
 * status list when the holding falls below the threshold, or by its holder.
 */

export const IssueHoldingCredentialRequestSchema = z
  .strictObject({
    tokenId: z.uuid({ error: messages.holdingCredentialNotFound }),
    /** Whole tokens as a decimal string ("10", "0.5"); at most the token's decimals. */
    threshold: z
      .string({ error: messages.holdingCredentialThresholdInvalid })
      .max(100, messages.holdingCredentialThresholdInvalid)
      .regex(DECIMAL, messages.holdingCredentialThresholdInvalid),
    /** Put the holder's DID in the credential (binds it to them); off by default. */
    discloseDid: z.boolean().default(false),
  })
  .meta({ id: 'IssueHoldingCredentialRequest' });
export type IssueHoldingCredentialRequest = z.input<typeof IssueHoldingCredentialRequestSchema>;

export const HOLDING_CREDENTIAL_STATUSES = ['active', 'revoked'] as const;
export const HOLDING_REVOCATION_REASONS = [
  'holding-below-threshold',
  'holder-revoked',
  'identity-revoked',
] as const;
export type HoldingRevocationReason = (typeof HOLDING_REVOCATION_REASONS)[number];

export const HoldingCredentialSchema = z
  .object({
    id: z.uuid(),
    token: z.object({
      id: z.uuid(),
      name: textAnswer(TOKEN_NAME_MAX),
      symbol: textAnswer(TOKEN_SYMBOL_MAX),
      decimals: z.number().int().min(0).max(18),
      blockchain: z.enum(CHAIN_FAMILIES),
    }),
    /** Base units. */
    threshold: unitsAnswer(),
    discloseDid: z.boolean(),
    cid: cidAnswer.nullable(),
    status: z.enum(HOLDING_CREDENTIAL_STATUSES),
    /** Why it was revoked: the holding fell below the threshold, its holder, or the identity behind it. */
    revocationReason: z.enum(HOLDING_REVOCATION_REASONS).nullable(),
    issuedAt: timestampAnswer,
    revokedAt: timestampAnswer.nullable(),
  })
  .meta({ id: 'HoldingCredential' });
export type HoldingCredential = z.infer<typeof HoldingCredentialSchema>;

export const HoldingCredentialsResponseSchema = z
  .object({ success: z.literal(true), credentials: z.array(HoldingCredentialSchema).max(UNPAGED_LIST_MAX) })
  .meta({ id: 'HoldingCredentialsResponse' });

export const HoldingCredentialResponseSchema = z
  .object({ success: z.literal(true), credential: HoldingCredentialSchema })
  .meta({ id: 'HoldingCredentialResponse' });

export const HoldingCredentialShareResponseSchema = z
  .object({ success: z.literal(true), url: linkAnswer(), expiresAt: timestampAnswer })
  .meta({ id: 'HoldingCredentialShareResponse' });

export const HoldingCredentialParamsSchema = z.strictObject({
  id: z.uuid({ error: messages.holdingCredentialNotFound }),
});

/** How long a share link of a holding credential lives. */
export const HOLDING_SHARE_DAYS = 30;
