/**
 * Exact money: amounts travel as decimal strings and are computed as integers in base units
 * (wei, token base units). docs/product.md §9: conversions to 6 decimals, total value to 4, ownership
 * percent to 6.
 */

/** A non-negative decimal: digits, and a fraction after a point. */
export const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** '1.5' with 18 decimals → 1500000000000000000n; undefined for malformed input or too many decimals. */
export function parseUnits(value: string, decimals: number): bigint | undefined {
  const match = DECIMAL.exec(value.trim());
  if (!match) return undefined;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) return undefined;
  return BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
}

/** 1500000000000000000n with 18 decimals → '1.5' (no trailing zeros). */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Rounds a base-unit amount to `places` decimals (half up) and prints exactly that many. */
export function toFixedUnits(value: bigint, decimals: number, places: number): string {
  const divisor = 10n ** BigInt(Math.max(decimals - places, 0));
  const scaled =
    decimals > places ? (value + divisor / 2n) / divisor : value * 10n ** BigInt(places - decimals);
  const digits = scaled.toString().padStart(places + 1, '0');
  return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/**
 * Wei a buyer pays for `amount` base units of a token priced at `priceWei` per whole token.
 * Rounded up, so a fractional purchase never underpays the issuer.
 */
export function listingCost(amount: bigint, priceWei: bigint, decimals: number): bigint {
  const unit = 10n ** BigInt(decimals);
  return (amount * priceWei + unit - 1n) / unit;
}

/** docs/product.md §9: tokens ÷ totalSupply × 100, to 6 decimals (both in base units). */
export function ownershipPercent(amount: bigint, totalSupply: bigint): string {
  if (totalSupply <= 0n) return '0.000000';
  // percent × 10^6, rounded half up
  const scaled = (amount * 100n * 1_000_000n * 2n + totalSupply) / (totalSupply * 2n);
  return toFixedUnits(scaled, 6, 6);
}

/** docs/product.md §5: tokens = ETH ÷ price per token, 6 decimals (rounded down: never more than paid for). */
export function tokensForEth(eth: string, priceEth: string): string | undefined {
  const ethWei = parseUnits(eth, 18);
  const priceWei = parseUnits(priceEth, 18);
  if (ethWei === undefined || priceWei === undefined || priceWei === 0n) return undefined;
  return toFixedUnits((ethWei * 1_000_000n) / priceWei, 6, 6);
}

/** docs/product.md §5: ETH = tokens × price per token, 6 decimals. */
export function ethForTokens(tokens: string, priceEth: string): string | undefined {
  const tokenUnits = parseUnits(tokens, 18);
  const priceWei = parseUnits(priceEth, 18);
  if (tokenUnits === undefined || priceWei === undefined) return undefined;
  return toFixedUnits((tokenUnits * priceWei) / 10n ** 18n, 18, 6);
}

/** docs/product.md §2.8: total value = tokenAmount × price, 4 decimals. */
export function totalValueEth(tokenAmount: string, priceEth: string): string | undefined {
  const tokenUnits = parseUnits(tokenAmount, 18);
  const priceWei = parseUnits(priceEth, 18);
  if (tokenUnits === undefined || priceWei === undefined) return undefined;
  return toFixedUnits((tokenUnits * priceWei) / 10n ** 18n, 18, 4);
}
