import type { MarketplaceListing } from '@portal/shared/marketplace';
import { ethForTokens, ownershipPercent, parseUnits, tokensForEth } from '@portal/shared/money';

export type PurchaseMode = 'eth' | 'tokens';

/** Cuts a decimal string to `decimals` places (never rounds up: nobody gets more than paid for). */
export function truncateDecimals(value: string, decimals: number): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const kept = fraction.slice(0, decimals).replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : whole;
}

/**
 * Decimals a buyer may ask for: the token's, except that an ERC-20 escrow sells whole tokens
 * (the escrow contract counts whole lots; see ADR 20).
 */
export function purchaseDecimals(listing: MarketplaceListing): number {
  return listing.kind === 'escrow' && listing.token.tokenType === 'ERC20' ? 0 : listing.token.decimals;
}

const decimalPlaces = (value: string) => (value.split('.')[1] ?? '').replace(/0+$/, '').length;

/** What the dialog's two inputs mean together: the token count sent, the ETH it costs, the share. */
export interface PurchaseAmounts {
  /** Whole tokens to buy, as sent ('' when nothing usable was typed). */
  tokens: string;
  /** ETH cost to 6 decimals (docs/product.md §5, §9). */
  eth: string;
  /** Ownership after the purchase, 6 decimals (docs/product.md §9). */
  percent: string;
}

/**
 * docs/product.md §5 conversions, two ways: tokens = ETH ÷ price per token, ETH = tokens × price (6 decimals).
 * Buying by ETH buys whole base units of the token, so the count is cut to its decimals.
 */
export function purchaseAmounts(
  listing: MarketplaceListing,
  mode: PurchaseMode,
  input: string,
): PurchaseAmounts {
  const value = input.trim();
  const { priceETH, token } = listing;
  const converted = mode === 'eth' && value ? tokensForEth(value, priceETH) : undefined;
  let tokens: string;
  if (mode === 'tokens') tokens = parseUnits(value, 18) === undefined ? '' : value;
  else tokens = converted === undefined ? '' : truncateDecimals(converted, purchaseDecimals(listing));
  const units = tokens ? parseUnits(tokens, 18) : undefined;
  const supply = parseUnits(token.totalSupply, 18);
  return {
    tokens,
    eth: (tokens && ethForTokens(tokens, priceETH)) || '0.000000',
    percent: units !== undefined && supply !== undefined ? ownershipPercent(units, supply) : '0.000000',
  };
}

/** The value the other input shows after switching 'Purchase by' (the two-way conversion). */
export function convertInput(listing: MarketplaceListing, to: PurchaseMode, input: string): string {
  const value = input.trim();
  if (!value) return '';
  const converted =
    to === 'tokens' ? tokensForEth(value, listing.priceETH) : ethForTokens(value, listing.priceETH);
  return converted === undefined
    ? ''
    : truncateDecimals(converted, to === 'tokens' ? listing.token.decimals : 6);
}

export type PurchaseProblem =
  | { key: 'purchaseMissingInfo' }
  | { key: 'purchaseAmountPositive' }
  | { key: 'purchaseAmountPrecision'; decimals: number }
  | { key: 'purchaseTooMany'; tokenAmount: string };

/** docs/product.md §5 purchase rules, in order; undefined when the purchase may be sent. */
export function purchaseProblem(
  listing: MarketplaceListing,
  mode: PurchaseMode,
  input: string,
  identity: { did: string; wallet: string },
): PurchaseProblem | undefined {
  if (!input.trim() || !identity.did || !identity.wallet) return { key: 'purchaseMissingInfo' };
  const { tokens } = purchaseAmounts(listing, mode, input);
  const units = tokens ? parseUnits(tokens, 18) : undefined;
  if (units === undefined || units <= 0n) return { key: 'purchaseAmountPositive' };
  const decimals = purchaseDecimals(listing);
  if (mode === 'tokens' && decimalPlaces(tokens) > decimals)
    return { key: 'purchaseAmountPrecision', decimals };
  const available = parseUnits(listing.tokenAmount, 18);
  if (listing.escrowId && available !== undefined && units > available) {
    return { key: 'purchaseTooMany', tokenAmount: listing.tokenAmount };
  }
  return undefined;
}
