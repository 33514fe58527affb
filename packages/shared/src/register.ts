import { z } from 'zod';
import {
  decimalAnswer,
  identityKeyAnswer,
  PERSON_NAME_MAX,
  textAnswer,
  timestampAnswer,
  txHashAnswer,
} from './bounds.js';
import { CHAIN_FAMILIES } from './chain-families.js';
import { HoldingTokenSchema, unitsAnswer } from './holdings.js';
import { TOKEN_NAME_MAX, TOKEN_SYMBOL_MAX } from './issuer.js';

/**
 * The register of holders of one token (docs/product.md, ADR 69): each holder as a verified
 * identity, their position in base units and exact shares, and the purchases that made it.
 */

/** The books list at most this many holders per token; the register answers them all. */
export const REGISTER_HOLDERS_MAX = 1000;
/** The purchases listed under one holder (the newest); the count covers them all. */
export const REGISTER_ACQUISITIONS_MAX = 100;

export const RegisterParamsSchema = z.object({ id: z.uuid() });

export const RegisterAcquisitionSchema = z
  .object({
    id: z.uuid(),
    amount: unitsAnswer(),
    at: timestampAnswer,
    /** The delivery's transaction on the token's chain (the payment's when there was no delivery hash). */
    transactionHash: txHashAnswer().nullable(),
  })
  .meta({ id: 'RegisterAcquisition' });
export type RegisterAcquisition = z.infer<typeof RegisterAcquisitionSchema>;

export const RegisterHolderSchema = z
  .object({
    /** The identity registry's key; null for a holder never registered (a token from before ADR 61). */
    identityKey: identityKeyAnswer.nullable(),
    /** The holder's name: to an issuer only while the holder consents, to an admin always. */
    name: textAnswer(PERSON_NAME_MAX).nullable(),
    /** Whether the identity's verification is valid now. */
    verified: z.boolean(),
    balance: unitsAnswer(),
    /** Of the total supply, percent with 6 decimals, exact from base units. */
    percentOfSupply: decimalAnswer(),
    /** Of the amount in holders' hands. */
    percentOfCirculating: decimalAnswer(),
    frozen: unitsAnswer(),
    lockedUntil: timestampAnswer.nullable(),
    firstAcquiredAt: timestampAnswer.nullable(),
    lastAcquiredAt: timestampAnswer.nullable(),
    acquisitionCount: z.number().int().min(0),
    /** The newest acquisitions first, at most REGISTER_ACQUISITIONS_MAX. */
    acquisitions: z.array(RegisterAcquisitionSchema).max(REGISTER_ACQUISITIONS_MAX),
  })
  .meta({ id: 'RegisterHolder' });
export type RegisterHolder = z.infer<typeof RegisterHolderSchema>;

export const RegisterSchema = z
  .object({
    token: HoldingTokenSchema,
    holderCount: z.number().int().min(0),
    /** The sum of the holders' balances. */
    circulating: unitsAnswer(),
    /** The rest of the supply: the issuer's treasury, escrowed listings and tokens not yet sold. */
    treasury: unitsAnswer(),
    /** Whether names are shown regardless of consent (the admin's view). */
    namesShown: z.enum(['consented', 'all']),
    generatedAt: timestampAnswer,
    holders: z.array(RegisterHolderSchema).max(REGISTER_HOLDERS_MAX),
  })
  .meta({ id: 'Register' });
export type Register = z.infer<typeof RegisterSchema>;

export const RegisterResponseSchema = z
  .object({ success: z.literal(true), register: RegisterSchema })
  .meta({ id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** The admin's list of tokens to pick a register from. */
export const RegisterTokenSchema = z
  .object({
    id: z.uuid(),
    name: textAnswer(TOKEN_NAME_MAX),
    symbol: textAnswer(TOKEN_SYMBOL_MAX),
    blockchain: z.enum(CHAIN_FAMILIES),
    issuerName: textAnswer(PERSON_NAME_MAX),
    holderCount: z.number().int().min(0),
  })
  .meta({ id: 'RegisterToken' });
export type RegisterToken = z.infer<typeof RegisterTokenSchema>;
export const REGISTER_TOKENS_MAX = 1000;
export const RegisterTokensResponseSchema = z
  .object({ success: z.literal(true), tokens: z.array(RegisterTokenSchema).max(REGISTER_TOKENS_MAX) })
  .meta({ id: 'RegisterTokensResponse' });
export type RegisterTokensResponse = z.infer<typeof RegisterTokensResponseSchema>;

/** A cell a spreadsheet would read as a formula (OWASP CSV injection): = + - @ tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; formulas defused (ADR 69). */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows to RFC 4180 text: CRLF line ends, the last line ended too. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export const REGISTER_CSV_HEADER = [
  'identity_key',
  'name',
  'verified',
  'balance',
  'percent_of_supply',
  'percent_of_circulating',
  'frozen',
  'locked_until',
  'first_acquired_at',
  'last_acquired_at',
  'acquisitions',
] as const;
