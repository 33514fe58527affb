/**
 * What a feature contributes to an investor's statement (docs/product.md, "Statements"; ADR 74).
 *
 * The statements module asks every module's `statement` source for one user and one period and
 * builds the statement from the answers: it never reads another feature's tables. A source is
 * called with a period that ends far in the future (not the statement's end): the statement rolls the
 * books back from today's balances to the period's end and start with the `holdingChange` of
 * every line, so a source must return every line of the period it is asked for, not a page.
 */

/** The half-open period [from, to): a line dated exactly `to` belongs to the next period. */
export interface StatementPeriod {
  from: Date;
  to: Date;
}

/** An amount of some asset in base units, with what it takes to show it. */
export interface StatementAmount {
  /** Base units, exact (never a float). */
  amount: bigint;
  /** The asset's symbol as shown: the token's symbol, 'ETH', 'tUSD'… */
  currency: string;
  decimals: number;
}

/** The token a line is about (the statement groups holdings by `tokenId`). */
export interface StatementToken {
  tokenId: string;
  name: string;
  symbol: string;
  decimals: number;
  /** The chain family of docs/architecture.md, "Chains" ('ethereum', 'solana', …). */
  blockchain: string;
}

/**
 * One dated line of the statement. Examples: a completed purchase (kind 'purchase', +amount of
 * the token, paid `value` in ETH); a distribution (kind 'distribution', `holdingChange` 0n, the
 * payout in `value`); a redemption (kind 'redemption', -amount, the proceeds in `value`); a
 * forced transfer by the issuer (kind 'forced-transfer', -amount or +amount).
 */
export interface StatementLine {
  /** When it took effect (completion on the books, not the request): decides the period. */
  at: Date;
  /** A short stable kebab-case word; the web and the PDF translate it ('statements.kind.<kind>'). */
  kind: string;
  token: StatementToken;
  /**
   * The signed change to the holder's balance of `token` in base units: positive in, negative
   * out, 0n when the line moves no token (a payout). The opening and closing holdings are
   * derived from these, so it must equal what the line changed in the books (token_holdings).
   */
  holdingChange: bigint;
  /** What was paid or received for it, in its own currency; null when nothing was. */
  value: StatementAmount | null;
  /** The transaction on chain that made it (hex or base58 as the chain writes it); null if none. */
  txHash: string | null;
  /** The id of the feature's own row (purchase id, distribution id…), for support and dedupe. */
  reference: string;
  /** The verifiable credential issued for it (its IPFS CID), when there is one. */
  credentialId?: string | null;
}

/** A feature's part of a statement. */
export interface StatementSection {
  lines: StatementLine[];
}

/**
 * Holdings now, per token, from the books (and the chain where it is cheap to read): the one
 * source the statement rolls back with the lines' `holdingChange`. Contributed by holdings.
 */
export interface StatementHolding {
  token: StatementToken;
  /** The books today (token_holdings), base units. */
  booked: bigint;
  /** What the chain says today, or null when it could not be read. */
  chain: bigint | null;
}

/**
 * `FeatureModule.statement`: `lines` returns the user's lines dated in the period (owner only:
 * the user id goes in the query's WHERE clause); `holdings` is given only by the module that owns
 * the books. A module whose feature changes a holding (`holdingChange` ≠ 0) MUST contribute its
 * lines, or the statement's opening balance will not match the books.
 */
export interface StatementSource {
  lines?(userId: string, period: StatementPeriod): Promise<StatementSection>;
  holdings?(userId: string): Promise<StatementHolding[]>;
}
