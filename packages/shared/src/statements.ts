import { z } from 'zod';
import {
  cidAnswer,
  LABEL_MAX,
  textAnswer,
  timestampAnswer,
  txHashAnswer,
  UNPAGED_LIST_MAX,
} from './bounds.js';
import { CHAIN_FAMILIES } from './chain-families.js';
import { unitsAnswer } from './holdings.js';
import { TOKEN_NAME_MAX, TOKEN_SYMBOL_MAX } from './issuer.js';
import { messages } from './messages.js';
import { formatUnits } from './money.js';
import { csvCell } from './register.js';
import { LANGUAGES } from './settings.js';

/**
 * An investor's statement for a period (docs/product.md, "Statements"; ADR 74): holdings per
 * token at the start and the end, every line that moved them or paid for them in between, and
 * totals. Days are UTC calendar days; `to` is included. Amounts are base units (integers as
 * strings, signed for changes) with the token's decimals.
 */

/** A statement spans at most this many days (ten years and leap days), so one answer stays bounded. */
export const STATEMENT_DAYS_MAX = 3_660;
const DAY_MS = 86_400_000;

const day = z.iso.date({ error: messages.statementDateInvalid }).max(10, messages.statementDateInvalid);

export const StatementQuerySchema = z
  .object({
    from: day,
    to: day,
    /** The language of the PDF's words (the web passes the reader's); English by default. */
    lang: z.enum(LANGUAGES).optional(),
  })
  .strict()
  .refine((q) => q.from <= q.to, { message: messages.statementPeriodReversed, path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < STATEMENT_DAYS_MAX * DAY_MS, {
    message: messages.statementPeriodTooLong,
    path: ['to'],
  });
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

/** The half-open instant range of the query's UTC days: [from 00:00, the day after `to` 00:00). */
export function statementPeriod(query: Pick<StatementQuery, 'from' | 'to'>): { from: Date; to: Date } {
  return {
    from: new Date(`${query.from}T00:00:00Z`),
    to: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS),
  };
}

export const STATEMENT_PRESETS = ['this-month', 'last-month', 'this-year', 'last-year'] as const;
export type StatementPreset = (typeof STATEMENT_PRESETS)[number];

/** The UTC days of a preset as of `now` (a running month or year ends today). */
export function presetPeriod(preset: StatementPreset, now: Date): { from: string; to: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const today = iso(now);
  switch (preset) {
    case 'this-month':
      return { from: iso(new Date(Date.UTC(y, m, 1))), to: today };
    case 'last-month':
      return { from: iso(new Date(Date.UTC(y, m - 1, 1))), to: iso(new Date(Date.UTC(y, m, 0))) };
    case 'this-year':
      return { from: `${y}-01-01`, to: today };
    case 'last-year':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
  }
}

const signedUnits = () =>
  z
    .string()
    .max(79)
    .regex(/^-?\d+$/);

export const StatementTokenSchema = z
  .object({
    tokenId: z.uuid(),
    name: textAnswer(TOKEN_NAME_MAX),
    symbol: textAnswer(TOKEN_SYMBOL_MAX),
    decimals: z.number().int().min(0).max(18),
    blockchain: z.enum(CHAIN_FAMILIES),
  })
  .meta({ id: 'StatementToken' });

export const StatementLineSchema = z
  .object({
    at: timestampAnswer,
    /** 'purchase', 'forced-transfer', 'distribution', 'redemption'… (a feature's own word). */
    kind: z
      .string()
      .max(LABEL_MAX)
      .regex(/^[a-z][a-z0-9-]*$/),
    token: StatementTokenSchema,
    /** Signed change to the holding, base units. */
    amount: signedUnits(),
    value: z
      .object({
        amount: signedUnits(),
        currency: textAnswer(TOKEN_SYMBOL_MAX),
        decimals: z.number().int().min(0).max(36),
      })
      .nullable(),
    txHash: txHashAnswer().nullable(),
    reference: textAnswer(LABEL_MAX),
    credentialId: cidAnswer.nullable(),
  })
  .meta({ id: 'StatementLine' });
export type StatementLineView = z.infer<typeof StatementLineSchema>;

/** One token's holding over the period; `closing` = `opening` + `in` − `out`. */
export const StatementHoldingSchema = z
  .object({
    token: StatementTokenSchema,
    opening: signedUnits(),
    in: unitsAnswer(),
    out: unitsAnswer(),
    closing: signedUnits(),
    /** Today's books and chain, which the closing of a period ending today equals. */
    bookedNow: unitsAnswer(),
    chainNow: unitsAnswer().nullable(),
  })
  .meta({ id: 'StatementHolding' });
export type StatementHoldingView = z.infer<typeof StatementHoldingSchema>;

/** What the period's lines of one kind paid or received, per currency (purchases: ETH paid). */
export const StatementValueTotalSchema = z
  .object({
    kind: z
      .string()
      .max(LABEL_MAX)
      .regex(/^[a-z][a-z0-9-]*$/),
    currency: textAnswer(TOKEN_SYMBOL_MAX),
    decimals: z.number().int().min(0).max(36),
    amount: signedUnits(),
  })
  .meta({ id: 'StatementValueTotal' });
export type StatementValueTotal = z.infer<typeof StatementValueTotalSchema>;

export const StatementSchema = z
  .object({
    from: z.iso.date().max(10),
    to: z.iso.date().max(10),
    generatedAt: timestampAnswer,
    holdings: z.array(StatementHoldingSchema).max(UNPAGED_LIST_MAX),
    lines: z.array(StatementLineSchema).max(UNPAGED_LIST_MAX),
    values: z.array(StatementValueTotalSchema).max(UNPAGED_LIST_MAX),
  })
  .meta({ id: 'Statement' });
export type Statement = z.infer<typeof StatementSchema>;

export const StatementResponseSchema = z
  .object({ success: z.literal(true), statement: StatementSchema })
  .meta({ id: 'StatementResponse' });
export type StatementResponse = z.infer<typeof StatementResponseSchema>;

export const STATEMENT_CSV_HEADER = [
  'record',
  'date',
  'kind',
  'token_id',
  'symbol',
  'amount',
  'amount_base_units',
  'decimals',
  'value',
  'value_currency',
  'tx_hash',
  'reference',
  'credential',
] as const;

/**
 * The statement as RFC 4180 text (text cells defused like the register's, ADR 69): per token an
 * `opening` row, then every `line`, then per token `closing`, `total_in` and `total_out`.
 */
export function statementCsv(statement: Statement): string {
  const units = (amount: string, decimals: number) =>
    amount.startsWith('-')
      ? `-${formatUnits(BigInt(amount.slice(1)), decimals)}`
      : formatUnits(BigInt(amount), decimals);
  const holdingRow = (record: string, date: string, h: StatementHoldingView, amount: string) => [
    record,
    date,
    '',
    h.token.tokenId,
    h.token.symbol,
    units(amount, h.token.decimals),
    amount,
    String(h.token.decimals),
    '',
    '',
    '',
    '',
    '',
  ];
  const rows: string[][] = [[...STATEMENT_CSV_HEADER]];
  for (const h of statement.holdings) rows.push(holdingRow('opening', statement.from, h, h.opening));
  for (const line of statement.lines)
    rows.push([
      'line',
      line.at,
      line.kind,
      line.token.tokenId,
      line.token.symbol,
      units(line.amount, line.token.decimals),
      line.amount,
      String(line.token.decimals),
      line.value ? units(line.value.amount, line.value.decimals) : '',
      line.value?.currency ?? '',
      line.txHash ?? '',
      line.reference,
      line.credentialId ?? '',
    ]);
  for (const h of statement.holdings) {
    rows.push(holdingRow('closing', statement.to, h, h.closing));
    rows.push(holdingRow('total_in', statement.to, h, h.in));
    rows.push(holdingRow('total_out', statement.to, h, h.out));
  }
  // A signed figure is data, not a formula: only text cells are defused.
  const cell = (value: string) => (/^-?\d+(\.\d+)?$/.test(value) ? value : csvCell(value));
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
