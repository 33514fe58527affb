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
