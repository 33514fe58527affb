import { formatUnits } from 'viem';
import {
  detailRows,
  explorerErrorPage,
  html,
  page,
  time,
  type ExplorerHome,
  type Html,
} from './explorer.html.js';
import type {
  Field,
  SolanaAccountView,
  SolanaInstructionView,
  SolanaTxSummary,
  SolanaTxView,
  TokenAccountView,
} from './solana-explorer.service.js';

const HOME: ExplorerHome = { href: '/explorer/solana', label: 'Embedded Solana explorer' };
const solanaPage = (title: string, body: Html) => page(title, body, HOME);
export const solanaErrorPage = explorerErrorPage(HOME);

const addressLink = (address: string, label?: string) =>
  html`<a class="mono" href="/explorer/solana/address/${address}">${address}</a
    >${label ? html` <span class="muted">(${label})</span>` : ''}`;
const txLink = (signature: string) =>
  html`<a class="mono" href="/explorer/solana/tx/${signature}">${signature}</a>`;
const sol = (lamports: bigint) => `${formatUnits(lamports, 9)} SOL`;
const tokens = (amount: bigint, decimals: number | undefined) =>
  decimals === undefined ? `${amount} base units` : formatUnits(amount, decimals);
const fieldValue = (field: Field) =>
  field.isAddress ? addressLink(field.value) : html`<code>${field.value}</code>`;
const status = (ok: boolean) =>
  ok ? html`<span class="ok">Success</span>` : html`<span class="bad">Failed</span>`;

function transactionsTable(transactions: SolanaTxSummary[]): Html {
  if (!transactions.length) return html`<p class="muted">No transactions yet.</p>`;
  return html`<table>
    <tr>
      <th>Block</th>
      <th>Signature</th>
      <th>Instructions</th>
    </tr>
    ${transactions.map(
      (tx) =>
        html`<tr>
          <td>${tx.block}<br /><span class="muted">${time(tx.timestamp)}</span></td>
          <td>${txLink(tx.signature)}<br />${status(tx.ok)}</td>
          <td>${tx.summary}</td>
        </tr>`,
    )}
  </table>`;
}

function tokenAccountsTable(title: string, accounts: TokenAccountView[]): Html | string {
  if (!accounts.length) return '';
  return html`<h1>${title}</h1>
    <table>
      <tr>
        <th>Token account</th>
        <th>Mint · owner</th>
        <th>Balance</th>
      </tr>
      ${accounts.map(
        (account) =>
          html`<tr>
            <td>${addressLink(account.address)}</td>
            <td>${addressLink(account.mint)}<br />${addressLink(account.owner)}</td>
            <td>${tokens(account.amount, account.decimals)}</td>
          </tr>`,
      )}
    </table>`;
}

export function solanaHomePage(view: { feePayer: string; transactions: SolanaTxSummary[] }): string {
  return solanaPage(
    'Latest transactions',
    html`<h1>Solana (embedded)</h1>
      <table>
        ${detailRows([['Fee payer', addressLink(view.feePayer, 'platform')]])}
      </table>
      <h1>Latest transactions</h1>
      ${transactionsTable(view.transactions)}`,
  );
}

function instructionRow(instruction: SolanaInstructionView, index: number): Html {
  return html`<tr>
    <th>Instruction ${index + 1}</th>
    <td>
      <strong>${instruction.name ?? 'Unknown instruction'}</strong> ·
      ${addressLink(instruction.program, instruction.programName)}
      ${[...instruction.accounts, ...instruction.args].map(
        (field) => html`<br />${field.name}: ${fieldValue(field)}`,
      )}
    </td>
  </tr>`;
}

export function solanaTransactionPage(tx: SolanaTxView): string {
  return solanaPage(
    `Transaction ${tx.signature}`,
    html`<h1>Transaction</h1>
      <table>
        ${detailRows([
          ['Signature', tx.signature, 'mono'],
          ['Status', html`${status(tx.ok)}${tx.error ? html` · ${tx.error}` : ''}`],
          ['Block', tx.block],
          ['Time', time(tx.timestamp)],
          ['Fee payer', addressLink(tx.feePayer)],
          ['Signers', tx.signers.map((signer, i) => html`${i ? html`<br />` : ''}${addressLink(signer)}`)],
          ['Compute units', tx.computeUnits ?? '—'],
          ['Recent blockhash', tx.recentBlockhash, 'mono'],
        ])}
        ${tx.instructions.map(instructionRow)}
      </table>`,
  );
}

function kind(view: SolanaAccountView): string {
  if (view.mint) return 'Token mint';
  if (view.tokenAccount) return 'Token account';
  return view.account ? 'Account' : 'Address';
}

export function solanaAddressPage(view: SolanaAccountView): string {
  const { account, mint, tokenAccount } = view;
  return solanaPage(
    `${kind(view)} ${view.address}`,
    html`<h1>${kind(view)}</h1>
      <table>
        ${detailRows([
          ['Address', view.address, 'mono'],
          !account && ['Account', 'None (no lamports and no data at this address)'],
          account && ['Balance', sol(account.lamports)],
          account && ['Owner program', addressLink(account.owner, account.ownerName)],
          account && ['Data', `${account.dataSize} bytes`],
          mint && ['Supply', tokens(mint.supply, mint.decimals)],
          mint && ['Decimals', mint.decimals],
          mint && [
            'Mint authority',
            mint.mintAuthority ? addressLink(mint.mintAuthority) : 'None (fixed supply)',
          ],
          mint && ['Freeze authority', mint.freezeAuthority ? addressLink(mint.freezeAuthority) : 'None'],
          !!mint?.permanentDelegate && ['Permanent delegate', addressLink(mint.permanentDelegate)],
          mint?.frozenByDefault && ['New accounts', 'Frozen until the freeze authority thaws them'],
          tokenAccount && ['Mint', addressLink(tokenAccount.mint)],
          tokenAccount && ['Token owner', addressLink(tokenAccount.owner)],
          tokenAccount && ['Token balance', tokens(tokenAccount.amount, tokenAccount.decimals)],
          tokenAccount && ['State', tokenAccount.state],
        ])}
      </table>
      ${tokenAccountsTable(mint ? 'Holders' : 'Token accounts', view.tokenAccounts)}
      <h1>Transactions</h1>
      ${transactionsTable(view.transactions)}`,
  );
}
