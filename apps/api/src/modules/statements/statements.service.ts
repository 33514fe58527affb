import {
  statementCsv,
  statementPeriod,
  type Statement,
  type StatementHoldingView,
  type StatementLineView,
  type StatementQuery,
  type StatementValueTotal,
} from '@portal/shared/statements';
import type { Clock } from '../../clock.js';
import type { StatementHolding, StatementLine, StatementSource, StatementToken } from './statement-source.js';
import { renderStatementPdf } from './statement-pdf.js';

export interface StatementsDeps {
  /** Every module's contribution (feature-module.ts), read per request. */
  sources: () => readonly (readonly [string, StatementSource])[];
  clock: Clock;
}

const END_OF_TIME = new Date('9999-12-31T00:00:00Z');

interface Position {
  token: StatementToken;
  bookedNow: bigint;
  chainNow: bigint | null;
  after: bigint;
  in: bigint;
  out: bigint;
}

/**
 * Statements (docs/product.md, "Statements"; ADR 74): the books today rolled back with every
 * contributed line to the period's end (closing) and start (opening), so the totals equal the
 * books by construction and a period ending today closes at today's books.
 */
export class StatementsService {
  constructor(private readonly deps: StatementsDeps) {}

  async statement(userId: string, query: StatementQuery): Promise<Statement> {
    const now = this.deps.clock.now();
    const period = statementPeriod(query);
    // Everything from the period's start on: what came after its end rolls the books back. No
    // upper bound but the calendar's, so a line stamped by the database's clock is never missed.
    const until = new Date(Math.max(period.to.getTime(), END_OF_TIME.getTime()));
    const sources = this.deps.sources().map(([, source]) => source);
    const [sections, held] = await Promise.all([
      Promise.all(sources.map((source) => source.lines?.(userId, { from: period.from, to: until }))),
      Promise.all(sources.map((source) => source.holdings?.(userId))),
    ]);
    const lines = sections
      .flatMap((section) => section?.lines ?? [])
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.reference.localeCompare(b.reference));

    const positions = new Map<string, Position>();
    const position = (token: StatementToken) => {
      let found = positions.get(token.tokenId);
      if (!found) {
        found = { token, bookedNow: 0n, chainNow: null, after: 0n, in: 0n, out: 0n };
        positions.set(token.tokenId, found);
      }
      return found;
    };
    for (const holding of held.flatMap((list): StatementHolding[] => list ?? [])) {
      const entry = position(holding.token);
      entry.bookedNow += holding.booked;
      entry.chainNow = holding.chain;
    }
    const inPeriod: StatementLine[] = [];
    for (const line of lines) {
      const entry = position(line.token);
      if (line.at >= period.to) {
        entry.after += line.holdingChange;
        continue;
      }
      inPeriod.push(line);
      if (line.holdingChange > 0n) entry.in += line.holdingChange;
      else entry.out -= line.holdingChange;
    }

    const holdings: StatementHoldingView[] = [...positions.values()]
      .map((entry) => {
        const closing = entry.bookedNow - entry.after;
        const opening = closing - entry.in + entry.out;
        return { entry, opening, closing };
      })
      // A token neither held at either end nor moved in the period has no place on it.
      .filter(({ entry, opening, closing }) => opening !== 0n || closing !== 0n || entry.in + entry.out > 0n)
      .sort((a, b) => a.entry.token.symbol.localeCompare(b.entry.token.symbol))
      .map(({ entry, opening, closing }) => ({
        token: entry.token as StatementHoldingView['token'],
        opening: opening.toString(),
        in: entry.in.toString(),
        out: entry.out.toString(),
        closing: closing.toString(),
        bookedNow: entry.bookedNow.toString(),
        chainNow: entry.chainNow?.toString() ?? null,
      }));

    return {
      from: query.from,
      to: query.to,
      generatedAt: now.toISOString(),
      holdings,
      lines: inPeriod.map(lineView),
      values: valueTotals(inPeriod),
    };
  }

  async csv(userId: string, query: StatementQuery): Promise<{ filename: string; body: string }> {
    const statement = await this.statement(userId, query);
    return { filename: `statement-${query.from}-${query.to}.csv`, body: statementCsv(statement) };
  }

  async pdf(userId: string, query: StatementQuery): Promise<{ filename: string; body: Uint8Array }> {
    const statement = await this.statement(userId, query);
    return {
      filename: `statement-${query.from}-${query.to}.pdf`,
      body: await renderStatementPdf(statement, query.lang ?? 'en'),
    };
  }
}

function lineView(line: StatementLine): StatementLineView {
  return {
    at: line.at.toISOString(),
    kind: line.kind,
    token: line.token as StatementLineView['token'],
    amount: line.holdingChange.toString(),
    value: line.value && {
      amount: line.value.amount.toString(),
      currency: line.value.currency,
      decimals: line.value.decimals,
    },
    txHash: line.txHash,
    reference: line.reference,
    credentialId: line.credentialId ?? null,
  };
}

/** The period's values summed per kind and currency (exact, in base units). */
function valueTotals(lines: StatementLine[]): StatementValueTotal[] {
  const totals = new Map<string, { kind: string; currency: string; decimals: number; amount: bigint }>();
  for (const line of lines) {
    if (!line.value) continue;
    const key = `${line.kind}\u0000${line.value.currency}`;
    const found = totals.get(key) ?? { kind: line.kind, ...line.value, amount: 0n };
    found.amount += line.value.amount;
    totals.set(key, found);
  }
  return [...totals.values()].map((total) => ({ ...total, amount: total.amount.toString() }));
}
