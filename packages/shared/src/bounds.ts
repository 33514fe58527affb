import { z } from 'zod';
import { DECIMAL } from './money.js';
import { WITHOUT_CONTROL_CHARACTERS, WITHOUT_NUL } from './text.js';

/**
 * The longest value each kind of answer can hold (OWASP API4: every response string and list is
 * bounded in the OpenAPI document). Answers are checked against these schemas on the way out, so
 * each bound follows what can really be stored or generated, never less: a value beyond it would
 * turn a read into a 500. ADR 63 says how they were chosen.
 */

/** `toISOString()`: 24 characters, 27 for years beyond 9999. */
export const TIMESTAMP_MAX = 32;
/** An e-mail address: the sign-up form's bound (RFC 5321's path limit). */
export const EMAIL_MAX = 254;
/**
 * A person's name: 100 at sign-up, from Google or from KYC, "first last" from the settings' two
 * 50-character fields; the rest is margin for a KYC provider's own bound.
 */
export const PERSON_NAME_MAX = 300;
/** A chain address: EVM 42, Bitcoin bech32 62, Solana 44, XRP 35 (X-address 47), Stellar 56 (muxed 69). */
export const ADDRESS_MAX = 128;
/** A transaction hash: EVM 66, Solana signatures 88 (base58), XRP Ledger and Stellar 64. */
export const TX_HASH_MAX = 128;
/**
 * A decimal amount: base units are NUMERIC(78,0), at most 78 digits, printed with at most 18
 * decimals (a point and leading zeros included).
 */
export const AMOUNT_MAX = 100;
/** A CID: CIDv1 base32 of a sha-256 is 59 characters; requests naming one accept 200. */
export const CID_MAX = 200;
/** A DID or DID URL (did:key is 56, a fragment doubles it); purchase requests accept 300. */
export const DID_MAX = 300;
/** The identity registry's key: 0x + an HMAC-SHA256 of the DID in hex (ADR 61). */
export const IDENTITY_KEY_MAX = 66;
/** A URL the portal builds (explorer pages, gateway and share links) or a provider names. */
export const URL_MAX = 2048;
/** A sentence of messages.ts, with any name or amount it quotes. */
export const MESSAGE_MAX = 2000;
/** A short label: a chain, network or environment name, a queue, a device, a job's action. */
export const LABEL_MAX = 100;
/**
 * Text that comes from outside and is stored as it came: a node's or provider's error, a KYC
 * provider's comment for the applicant.
 */
export const OUTSIDE_TEXT_MAX = 10_000;
/** A request id: ours (a UUID) or the caller's X-Request-Id, which logger.ts admits up to 64. */
export const REQUEST_ID_MAX = 64;
/** A user agent as sessions store it (auth.service.ts keeps the first 400 characters). */
export const USER_AGENT_MAX = 400;
/** An IP address: IPv6 with an embedded IPv4 is at most 45 characters. */
export const IP_MAX = 45;
/** A reviewer's or administrator's reason (KYC, KYB, issuer applications, listing suspensions). */
export const REASON_MAX = 500;
/** The `limit` a paged admin list accepts, and so the most rows one page answers. */
export const PAGE_LIMIT_MAX = 200;
/** An opaque paging cursor, as the list queries accept it back. */
export const CURSOR_MAX = 300;
/**
 * Lists the product does not cap and the routes do not page (a user's sessions, purchases,
 * tokens): far above any real count, so that only abuse could reach it.
 */
export const UNPAGED_LIST_MAX = 10_000;

/*
 * Answer fields: each kind of string an answer carries, bounded and restricted to what it really is
 * (OWASP API4: a format, pattern or enum for every string). Answers are checked against them on the
 * way out, so each restriction is true of everything the portal stores or builds (ADR 65).
 */

/** Text the portal wrote or took from a request, which holds no control characters (text.ts). */
export const textAnswer = (max: number) => z.string().max(max).regex(WITHOUT_CONTROL_CHARACTERS);
/** Text from outside stored as it came (text.ts): anything PostgreSQL can store. */
export const outsideTextAnswer = (max = OUTSIDE_TEXT_MAX) => z.string().max(max).regex(WITHOUT_NUL);
/** A moment, as `toISOString()` prints it. */
export const timestampAnswer = z.iso.datetime({ offset: true }).max(TIMESTAMP_MAX);
/** A non-negative decimal amount or count, as money.ts prints it ('1.5', '0.000000', '42'). */
export const decimalAnswer = (max = AMOUNT_MAX) => z.string().max(max).regex(DECIMAL);
/**
 * A chain address or transaction hash: EVM hex (0x…), base58 (Solana, XRP), bech32, base32
 * (Stellar), hex (XRP Ledger and Stellar hashes) are all letters and digits.
 */
const ALPHANUMERIC = /^[0-9A-Za-z]+$/;
export const addressAnswer = (max = ADDRESS_MAX) => z.string().max(max).regex(ALPHANUMERIC);
export const txHashAnswer = (max = TX_HASH_MAX) => z.string().max(max).regex(ALPHANUMERIC);
/** ISO 3166-1 alpha-3, the keys of COUNTRIES (kyc-countries.ts). */
export const COUNTRY_CODE = /^[A-Z]{3}$/;

/** Random secrets and cursors the portal prints in base64url (RFC 4648 §5). */
export const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** An opaque paging cursor: base64url of the page's last key. */
export const cursorAnswer = z.string().max(CURSOR_MAX).regex(BASE64URL);
/** A request id: ours (a UUID) or the caller's X-Request-Id, as logger.ts admits it. */
export const requestIdAnswer = z
  .string()
  .max(REQUEST_ID_MAX)
  .regex(/^[A-Za-z0-9._-]+$/);
/** A CID (base32 or base58): letters and digits. */
export const cidAnswer = z.string().max(CID_MAX).regex(ALPHANUMERIC);
/** A DID or DID URL (W3C DID syntax: `did:method:…`). */
export const didAnswer = z
  .string()
  .max(DID_MAX)
  .regex(/^did:[a-z0-9]+:\S+$/);
/** An e-mail address as the portal stores it (checked at sign-up, or verified by Google). */
export const emailAnswer = (max = EMAIL_MAX) =>
  z
    .string()
    .max(max)
    .regex(/^[^\s@]+@[^\s@]+$/);
/**
 * A link: an absolute URI (https, ipfs, otpauth) or a path on the portal (`/api/settings/avatar?…`),
 * without white space; empty where a design has no image.
 */
export const linkAnswer = (max = URL_MAX) =>
  z
    .string()
    .max(max)
    .regex(/^(?:(?:[A-Za-z][A-Za-z0-9+.-]*:|\/)\S*)?$/);

/** An identity registry key as answers carry it (register of holders, compliance panel). */
export const identityKeyAnswer = z
  .string()
  .max(IDENTITY_KEY_MAX)
  .regex(/^0x[0-9a-f]+$/);
