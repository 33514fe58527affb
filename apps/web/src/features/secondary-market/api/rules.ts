import { formatMessage, messages } from '@portal/shared/messages';
import { formatUnits, parseUnits } from '@portal/shared/money';
import {
  SECONDARY_AMOUNT_MAX,
  SECONDARY_EXPIRY_MAX_DAYS,
  SECONDARY_PRICE_MAX,
} from '@portal/shared/secondary-market';

/**
 * The dialogs' checks, the server's rules repeated so the submit button waits for a valid form
 * (ADR 75); each problem is the server's own sentence, said in the reader's language by useMessage.
 */

const DAY_MS = 86_400_000;

/** Wei as ETH, exactly ("0.0025"). */
export const ethText = (wei: string | bigint): string => formatUnits(BigInt(wei), 18);

/** Whole tokens typed: a positive integer up to the schema's bound, else undefined. */
export function wholeTokens(typed: string): bigint | undefined {
  const value = typed.trim();
  if (!/^\d{1,31}$/.test(value)) return undefined;
  const amount = BigInt(value);
  return amount > 0n && amount <= SECONDARY_AMOUNT_MAX ? amount : undefined;
}

/** ETH per token typed ("0.002"): wei, positive and at most 18 decimals, else undefined. */
export function priceWei(typed: string): bigint | undefined {
  const wei = parseUnits(typed, 18);
  return wei !== undefined && wei > 0n && wei <= SECONDARY_PRICE_MAX ? wei : undefined;
}

/** A `datetime-local` value (the reader's own clock) as an instant, else undefined. */
export function localInstant(typed: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(typed)) return undefined;
  const at = new Date(typed);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** `at` as a `datetime-local` value in the reader's clock (minutes). */
export function toLocalInput(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export interface SellForm {
  amount: string;
  price: string;
  expires: string;
}

/** What is wrong with each field of a sell order, in the server's words; empty when it may be sent. */
export function sellProblems(
  form: SellForm,
  { free, symbol, now }: { free: bigint; symbol: string; now: Date },
): Partial<Record<keyof SellForm, string>> {
  const problems: Partial<Record<keyof SellForm, string>> = {};
  const amount = wholeTokens(form.amount);
  if (form.amount.trim() && amount === undefined) problems.amount = messages.secondaryAmountInvalid;
  else if (amount !== undefined && amount > free)
    problems.amount = formatMessage(messages.secondaryNotEnoughFree, { free: free.toString(), symbol });
  if (form.price.trim() && priceWei(form.price) === undefined)
    problems.price = messages.secondaryPriceInvalid;
  const expires = localInstant(form.expires);
  if (!expires) problems.expires = messages.secondaryExpiryInvalid;
  else if (expires.getTime() <= now.getTime()) problems.expires = messages.secondaryExpiryPast;
  else if (expires.getTime() > now.getTime() + SECONDARY_EXPIRY_MAX_DAYS * DAY_MS)
    problems.expires = formatMessage(messages.secondaryExpiryTooLate, { days: SECONDARY_EXPIRY_MAX_DAYS });
  return problems;
}

/** Whether a sell order may be sent: every field filled and none wrong. */
export const sellReady = (form: SellForm, problems: Partial<Record<keyof SellForm, string>>) =>
  Boolean(form.amount.trim() && form.price.trim() && form.expires) && Object.keys(problems).length === 0;

/** What is wrong with the amount to take from an order, in the server's words; undefined when none. */
export function takeProblem(typed: string, { remaining, symbol }: { remaining: string; symbol: string }) {
  if (!typed.trim()) return undefined;
  const amount = wholeTokens(typed);
  if (amount === undefined) return messages.secondaryAmountInvalid;
  if (amount > BigInt(remaining))
    return formatMessage(messages.secondaryNotEnoughRemaining, { remaining, symbol });
  return undefined;
}

/** Whole tokens × wei per token: what a buyer pays, exactly (wei). */
export const totalWei = (amount: bigint | undefined, pricePerTokenWei: string | bigint): bigint =>
  (amount ?? 0n) * BigInt(pricePerTokenWei);
