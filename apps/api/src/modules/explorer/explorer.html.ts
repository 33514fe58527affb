import { formatEther, formatGwei } from 'viem';
import type { AddressView, JournalTx, LogView, TxView } from './explorer.service.js';

/** HTML whose interpolations are already escaped; only `html` and `raw` make one. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type Part = Html | string | number | bigint | null | undefined | Part[];

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const render = (part: Part): string =>
  part instanceof Html
    ? part.text
    : Array.isArray(part)
      ? part.map(render).join('')
      : escape(String(part ?? ''));

/** Tagged template: every interpolated value is escaped unless it is already Html. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  return new Html(
    strings.reduce((out, string, i) => out + string + (i < values.length ? render(values[i]!) : ''), ''),
  );
}

// No scripts at all (the CSP forbids inline ones); inline styles are allowed.
const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f8fa}
header{background:#1f2937;color:#fff;padding:12px 24px}header a{color:#fff;text-decoration:none;font-weight:600}
main{max-width:1000px;margin:24px auto;padding:0 16px}h1{font-size:22px;margin:0 0 16px}
table{border-collapse:collapse;width:100%;background:#fff;margin-bottom:24px}
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #e5e7eb;vertical-align:top}
th{width:200px;color:#57606a;font-weight:500}code,.mono{font-family:ui-monospace,monospace;font-size:13px;word-break:break-all}
.ok{color:#1a7f37;font-weight:600}.bad{color:#cf222e;font-weight:600}.muted{color:#57606a}`;

/** Where a page's header leads: the EVM explorer's home, or the Solana one's. */
export interface ExplorerHome {
  href: string;
  label: string;
}

const EVM_HOME: ExplorerHome = { href: '/explorer', label: 'Embedded chain explorer' };

export function page(title: string, body: Html, home: ExplorerHome = EVM_HOME): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · ${home.label}</title>
        <style>
          ${new Html(STYLE)}
        </style>
      </head>
      <body>
        <header><a href="${home.href}">${home.label}</a></header>
        <main>${body}</main>
      </body>
    </html>`.text;
}

/** A label and its value; a third element is the value cell's class. */
export type Row = [label: string, value: Part, className?: string];

/** The rows of a label → value table; false and undefined entries are left out. */
export const detailRows = (rows: Array<Row | false | undefined>) =>
  (rows.filter(Boolean) as Row[]).map(
    ([label, value, className]) =>
      html`<tr>
        <th>${label}</th>
        <td${className ? html` class="${className}"` : ''}>${value}</td>
      </tr>`,
  );

const addressLink = (address: string, label?: string) =>
  html`<a class="mono" href="/explorer/address/${address}">${address}</a
    >${label ? html` <span class="muted">(${label})</span>` : ''}`;
const txLink = (hash: string) => html`<a class="mono" href="/explorer/tx/${hash}">${hash}</a>`;
/** ipfs://<cid> opens on the portal's own gateway. */
const ipfsLink = (uri: string) =>
  uri.startsWith('ipfs://')
    ? html`<a class="mono" href="/ipfs/${encodeURIComponent(uri.slice('ipfs://'.length))}">${uri}</a>`
    : html`<code>${uri}</code>`;
const eth = (wei: bigint) => `${formatEther(wei)} ETH`;
export const time = (date: Date) => date.toISOString().replace('.000Z', 'Z');

function transactionsTable(transactions: JournalTx[]): Html {
  if (!transactions.length) return html`<p class="muted">No transactions yet.</p>`;
  return html`<table>
    <tr>
      <th>Block</th>
      <th>Transaction</th>
      <th>From → to</th>
    </tr>
    ${transactions.map(
      (tx) =>
        html`<tr>
          <td>${tx.blockNumber}<br /><span class="muted">${time(tx.timestamp)}</span></td>
          <td>${txLink(tx.hash)}</td>
          <td>
            ${addressLink(tx.from)}<br />→
            ${tx.to ? addressLink(tx.to) : html`new contract ${addressLink(tx.createdContract ?? '')}`}
          </td>
        </tr>`,
    )}
  </table>`;
}

export function homePage(view: {
  chainId: number;
  blockNumber: bigint;
  transactions: JournalTx[];
  contracts: Array<[string, string]>;
}): string {
  return page(
    'Latest transactions',
    html`<h1>Chain ${view.chainId}</h1>
      <table>
        ${detailRows([
          ['Latest block', view.blockNumber],
          ...view.contracts.map(([name, address]): Row => [name, addressLink(address)]),
        ])}
      </table>
      <h1>Latest transactions</h1>
      ${transactionsTable(view.transactions)}`,
  );
}

function logRow(log: LogView, index: number): Html {
  const what = log.event
    ? html`<strong>${log.event.name}</strong
        >(${log.event.args.map(([name, value], i) => html`${i ? ', ' : ''}${name}: <code>${value}</code>`)})`
    : html`<div class="mono">topics: ${log.topics.join(', ')}<br />data: ${log.data}</div>`;
  return html`<tr>
    <th>Log ${index}</th>
    <td>${addressLink(log.address, log.contract)}<br />${what}</td>
  </tr>`;
}

export function transactionPage(tx: TxView): string {
  const ok = tx.status === 'success';
  return page(
    `Transaction ${tx.hash}`,
    html`<h1>Transaction</h1>
      <table>
        ${detailRows([
          ['Hash', tx.hash, 'mono'],
          ['Status', ok ? 'Success' : 'Reverted', ok ? 'ok' : 'bad'],
          ['Block', tx.blockNumber],
          ['Time', time(tx.timestamp)],
          ['From', addressLink(tx.from)],
          [
            'To',
            tx.to
              ? addressLink(tx.to, tx.toContract)
              : html`Contract creation: ${addressLink(tx.createdContract ?? '')}`,
          ],
          ['Value', eth(tx.value)],
          ['Nonce', tx.nonce],
          ['Gas used / limit', `${tx.gasUsed} / ${tx.gasLimit}`],
          ['Gas price', `${formatGwei(tx.gasPrice)} gwei`],
          ['Fee', eth(tx.gasUsed * tx.gasPrice)],
          ['Input', `${tx.inputBytes} bytes`],
        ])}
        ${tx.logs.map(logRow)}
      </table>`,
  );
}

export function addressPage(view: AddressView): string {
  return page(
    `Address ${view.address}`,
    html`<h1>${view.contract ? `Contract ${view.contract}` : view.codeSize ? 'Contract' : 'Address'}</h1>
      <table>
        ${detailRows([
          ['Address', view.address, 'mono'],
          ['Balance', eth(view.balance)],
          ['Nonce', view.nonce],
          ['Code', view.codeSize ? `${view.codeSize} bytes` : 'None (externally owned account)'],
          view.soulBoundToken && [
            'Soul-bound token',
            html`#${view.soulBoundToken.tokenId} · ${ipfsLink(view.soulBoundToken.tokenUri)}`,
          ],
        ])}
      </table>
      <h1>Transactions</h1>
      ${transactionsTable(view.transactions)}`,
  );
}

/** An error as a page of the explorer it happened in. */
export const explorerErrorPage =
  (home: ExplorerHome = EVM_HOME) =>
  (status: number, message: string): string =>
    page(
      `${status}`,
      html`<h1>${message}</h1>
        <p><a href="${home.href}">Back to the latest transactions</a></p>`,
      home,
    );

export const errorPage = explorerErrorPage();
