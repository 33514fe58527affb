import { formatEther, formatGwei } from 'viem';
import type { AddressView, JournalTx, LogView, TxView } from './explorer.service.js';

/** HTML whose interpolations are already escaped; only `html` and `raw` make one. */
class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = Html | string | number | bigint | null | undefined | Part[];

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

function page(title: string, body: Html): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Embedded chain explorer</title>
        <style>
          ${new Html(STYLE)}
        </style>
      </head>
      <body>
        <header><a href="/explorer">Embedded chain explorer</a></header>
        <main>${body}</main>
      </body>
    </html>`.text;
}

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
const time = (date: Date) => date.toISOString().replace('.000Z', 'Z');

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
        <tr>
          <th>Latest block</th>
          <td>${view.blockNumber}</td>
        </tr>
        ${view.contracts.map(
          ([name, address]) =>
            html`<tr>
              <th>${name}</th>
              <td>${addressLink(address)}</td>
            </tr>`,
        )}
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
  return page(
    `Transaction ${tx.hash}`,
    html`<h1>Transaction</h1>
      <table>
        <tr>
          <th>Hash</th>
          <td class="mono">${tx.hash}</td>
        </tr>
        <tr>
          <th>Status</th>
          <td class="${tx.status === 'success' ? 'ok' : 'bad'}">
            ${tx.status === 'success' ? 'Success' : 'Reverted'}
          </td>
        </tr>
        <tr>
          <th>Block</th>
          <td>${tx.blockNumber}</td>
        </tr>
        <tr>
          <th>Time</th>
          <td>${time(tx.timestamp)}</td>
        </tr>
        <tr>
          <th>From</th>
          <td>${addressLink(tx.from)}</td>
        </tr>
        <tr>
          <th>To</th>
          <td>
            ${tx.to ? addressLink(tx.to, tx.toContract) : html`Contract creation: ${addressLink(tx.createdContract ?? '')}`}
          </td>
        </tr>
        <tr>
          <th>Value</th>
          <td>${eth(tx.value)}</td>
        </tr>
        <tr>
          <th>Nonce</th>
          <td>${tx.nonce}</td>
        </tr>
        <tr>
          <th>Gas used / limit</th>
          <td>${tx.gasUsed} / ${tx.gasLimit}</td>
        </tr>
        <tr>
          <th>Gas price</th>
          <td>${formatGwei(tx.gasPrice)} gwei</td>
        </tr>
        <tr>
          <th>Fee</th>
          <td>${eth(tx.gasUsed * tx.gasPrice)}</td>
        </tr>
        <tr>
          <th>Input</th>
          <td>${tx.inputBytes} bytes</td>
        </tr>
        ${tx.logs.map(logRow)}
      </table>`,
  );
}

export function addressPage(view: AddressView): string {
  return page(
    `Address ${view.address}`,
    html`<h1>${view.contract ? `Contract ${view.contract}` : view.codeSize ? 'Contract' : 'Address'}</h1>
      <table>
        <tr>
          <th>Address</th>
          <td class="mono">${view.address}</td>
        </tr>
        <tr>
          <th>Balance</th>
          <td>${eth(view.balance)}</td>
        </tr>
        <tr>
          <th>Nonce</th>
          <td>${view.nonce}</td>
        </tr>
        <tr>
          <th>Code</th>
          <td>${view.codeSize ? `${view.codeSize} bytes` : 'None (externally owned account)'}</td>
        </tr>
        ${
          view.soulBoundToken
            ? html`<tr>
                <th>Soul-bound token</th>
                <td>#${view.soulBoundToken.tokenId} · ${ipfsLink(view.soulBoundToken.tokenUri)}</td>
              </tr>`
            : ''
        }
      </table>
      <h1>Transactions</h1>
      ${transactionsTable(view.transactions)}`,
  );
}

export function errorPage(status: number, message: string): string {
  return page(
    `${status}`,
    html`<h1>${message}</h1>
      <p><a href="/explorer">Back to the latest transactions</a></p>`,
  );
}
