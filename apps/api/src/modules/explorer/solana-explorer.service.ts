import {
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isAddress,
  type Instruction,
} from '@solana/kit';
import { parseSystemInstruction, SYSTEM_PROGRAM_ADDRESS, SystemInstruction } from '@solana-program/system';
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  AssociatedTokenInstruction,
  AccountState,
  parseAssociatedTokenInstruction,
  parseTokenInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token';
import { MEMO_PROGRAM_ADDRESS } from '../../providers/solana/solana.engine.js';
import type { SolanaAccount, SolanaPort } from '../../providers/solana/solana.js';
import type { SolanaJournalRow, SolanaRepo } from '../../providers/solana/solana.repo.js';
import {
  decodeMint,
  decodeTokenAccount,
  parseExtensionInstruction,
  TOKEN_2022_PROGRAM_ADDRESS,
  type MintState,
} from '../../providers/solana/token-programs.js';

/** A value shown on a page; addresses become links. */
export interface Field {
  name: string;
  value: string;
  isAddress: boolean;
}

export interface SolanaInstructionView {
  program: string;
  programName: string | undefined;
  /** The instruction's name in its program (e.g. TransferChecked), or undefined when not decoded. */
  name: string | undefined;
  accounts: Field[];
  args: Field[];
}

export interface SolanaTxSummary {
  signature: string;
  /** The journal position: each transaction is its own block on the embedded VM. */
  block: number;
  timestamp: Date;
  ok: boolean;
  /** The instructions' names, memo aside, e.g. "CreateAssociatedTokenIdempotent, TransferChecked". */
  summary: string;
}

export interface SolanaTxView extends SolanaTxSummary {
  error: string | undefined;
  computeUnits: number | undefined;
  feePayer: string;
  signers: string[];
  recentBlockhash: string;
  instructions: SolanaInstructionView[];
}

/** A mint of either token program, with the Token-2022 extensions the platform sets. */
export type MintView = MintState;

export interface TokenAccountView {
  address: string;
  mint: string;
  owner: string;
  amount: bigint;
  decimals: number | undefined;
  state: string;
}

export interface SolanaAccountView {
  address: string;
  /** Undefined when nothing lives at the address (no lamports, no data). */
  account: { lamports: bigint; owner: string; ownerName: string | undefined; dataSize: number } | undefined;
  mint: MintView | undefined;
  tokenAccount: TokenAccountView | undefined;
  /** Token accounts seen in this address's transactions: its holdings (a wallet) or holders (a mint). */
  tokenAccounts: TokenAccountView[];
  transactions: SolanaTxSummary[];
}

const RECENT = 25;
/** How far back an address's history is searched (the journal has no index by account). */
const SCAN_LIMIT = 5000;

const PROGRAMS: Record<string, string> = {
  [SYSTEM_PROGRAM_ADDRESS]: 'System Program',
  [TOKEN_PROGRAM_ADDRESS]: 'SPL Token',
  [TOKEN_2022_PROGRAM_ADDRESS]: 'Token-2022',
  [ASSOCIATED_TOKEN_PROGRAM_ADDRESS]: 'Associated Token Account',
  [MEMO_PROGRAM_ADDRESS]: 'Memo',
};

/** "ok (1234 CU)" or "failed: <reason> (1234 CU)", as the embedded VM records outcomes. */
function parseOutcome(outcome: string | null) {
  const units = outcome?.match(/\((\d+) CU\)$/);
  const failed = outcome?.match(/^failed: (.*?)(?: \(\d+ CU\))?$/);
  return {
    ok: outcome !== null && !failed,
    error: failed?.[1] ?? (outcome === null ? 'Not executed yet' : undefined),
    computeUnits: units ? Number(units[1]) : undefined,
  };
}

function show(value: unknown): string {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (value && typeof value === 'object' && '__option' in value) {
    return value.__option === 'Some' && 'value' in value ? show(value.value) : 'None';
  }
  return String(value);
}

const field = (name: string, value: unknown): Field => {
  const text = show(value);
  return { name, value: text, isAddress: typeof value === 'string' && isAddress(text) };
};

type Parsed = { accounts: object; data: object; instructionType: number };

function named(instruction: Instruction, parsed: Parsed, names: Record<number, string>) {
  return {
    name: names[parsed.instructionType],
    accounts: Object.entries(parsed.accounts)
      .filter(([, meta]) => meta)
      .map(([name, meta]) => field(name, (meta as { address: string }).address)),
    args: Object.entries(parsed.data)
      .filter(([name]) => name !== 'discriminator')
      .map(([name, value]) => field(name, value)),
    program: instruction.programAddress,
  };
}

/** Decodes the instructions of the programs the platform uses; others show their raw accounts and data. */
function describeInstruction(instruction: Instruction): SolanaInstructionView {
  const program = instruction.programAddress;
  const raw = {
    name: undefined,
    accounts: (instruction.accounts ?? []).map((meta, i) => field(`#${i}`, meta.address)),
    args: instruction.data?.length ? [field('data', instruction.data)] : [],
  };
  const withData = instruction as Instruction & { data: Uint8Array };
  const decoded = (() => {
    try {
      switch (program) {
        case SYSTEM_PROGRAM_ADDRESS:
          return named(instruction, parseSystemInstruction(withData as never) as Parsed, SystemInstruction);
        case TOKEN_2022_PROGRAM_ADDRESS: {
          // Token-2022's base instructions are the classic ones; its extensions come after them.
          const extension = parseExtensionInstruction(withData.data);
          if (extension) {
            return {
              name: extension.name,
              accounts: raw.accounts,
              args: Object.entries(extension.args).map(([name, value]) => field(name, value)),
            };
          }
          return named(instruction, parseTokenInstruction(withData) as Parsed, TokenInstruction);
        }
        case TOKEN_PROGRAM_ADDRESS:
          return named(instruction, parseTokenInstruction(withData) as Parsed, TokenInstruction);
        case ASSOCIATED_TOKEN_PROGRAM_ADDRESS:
          return named(
            instruction,
            parseAssociatedTokenInstruction(withData) as Parsed,
            AssociatedTokenInstruction,
          );
        case MEMO_PROGRAM_ADDRESS:
          return {
            name: 'Memo',
            accounts: raw.accounts,
            args: [field('memo', new TextDecoder().decode(withData.data))],
          };
      }
    } catch {
      // Not one of the shapes these programs define: shown raw.
    }
    return raw;
  })();
  return { program, programName: PROGRAMS[program], ...decoded };
}

function decode(row: SolanaJournalRow) {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(row.wireTx));
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  return { compiled, signers: Object.keys(transaction.signatures) };
}

function summarise(row: SolanaJournalRow, instructions: SolanaInstructionView[]): SolanaTxSummary {
  return {
    signature: row.signature,
    block: row.seq,
    timestamp: row.createdAt,
    ok: parseOutcome(row.outcome).ok,
    summary: instructions
      .filter((instruction) => instruction.program !== MEMO_PROGRAM_ADDRESS)
      .map((instruction) => instruction.name ?? instruction.programName ?? instruction.program)
      .join(', '),
  };
}

function instructionsOf(compiled: ReturnType<typeof decode>['compiled']): SolanaInstructionView[] {
  const { instructions } = decompileTransactionMessage(compiled) as { instructions: readonly Instruction[] };
  return instructions.map(describeInstruction);
}

/**
 * What the embedded Solana explorer pages show: accounts read from the VM, transactions from its
 * journal (the signed wire bytes, so every instruction is shown as it was signed).
 */
export class SolanaExplorerService {
  constructor(
    private readonly solana: SolanaPort,
    private readonly repo: SolanaRepo,
  ) {}

  get feePayer(): string {
    return this.solana.feePayer;
  }

  async recent(): Promise<SolanaTxSummary[]> {
    const out: SolanaTxSummary[] = [];
    for await (const row of this.repo.journal({ newestFirst: true, pageSize: RECENT })) {
      out.push(summarise(row, instructionsOf(decode(row).compiled)));
      if (out.length >= RECENT) break;
    }
    return out;
  }

  async transaction(signature: string): Promise<SolanaTxView | undefined> {
    const row = await this.repo.journaled(signature);
    if (!row) return undefined;
    const { compiled, signers } = decode(row);
    const instructions = instructionsOf(compiled);
    const { error, computeUnits } = parseOutcome(row.outcome);
    return {
      ...summarise(row, instructions),
      error,
      computeUnits,
      feePayer: compiled.staticAccounts[0]!,
      signers,
      recentBlockhash: compiled.lifetimeToken,
      instructions,
    };
  }

  async address(address: string): Promise<SolanaAccountView> {
    const [account, history] = await Promise.all([this.solana.account(address), this.history(address)]);
    const mint = account && decodeMint(account);
    const own = account && (await this.tokenAccountOf(address, account));
    const related = await Promise.all(
      [...history.touched].filter((other) => other !== address).map((other) => this.tokenAccountAt(other)),
    );
    return {
      address,
      account: account && {
        lamports: account.lamports,
        owner: account.owner,
        ownerName: PROGRAMS[account.owner],
        dataSize: account.data.length,
      },
      mint,
      tokenAccount: own,
      // A mint lists its holders, a wallet its token accounts.
      tokenAccounts: related.filter(
        (token): token is TokenAccountView =>
          token !== undefined && (token.mint === address || token.owner === address),
      ),
      transactions: history.transactions,
    };
  }

  /** The latest transactions that name `address`, and every account they touched. */
  private async history(address: string) {
    const transactions: SolanaTxSummary[] = [];
    const touched = new Set<string>();
    let scanned = 0;
    for await (const row of this.repo.journal({ newestFirst: true, pageSize: 500 })) {
      if (++scanned > SCAN_LIMIT || transactions.length >= RECENT) break;
      const { compiled } = decode(row);
      if (!compiled.staticAccounts.includes(address as never)) continue;
      compiled.staticAccounts.forEach((account) => touched.add(account));
      transactions.push(summarise(row, instructionsOf(compiled)));
    }
    return { transactions, touched };
  }

  private async tokenAccountAt(address: string): Promise<TokenAccountView | undefined> {
    const account = await this.solana.account(address);
    return account && this.tokenAccountOf(address, account);
  }

  private async tokenAccountOf(address: string, account: SolanaAccount) {
    const token = decodeTokenAccount(account);
    if (!token) return undefined;
    const mint = await this.solana.mintInfo(token.mint);
    return {
      address,
      mint: token.mint,
      owner: token.owner,
      amount: token.amount,
      decimals: mint?.decimals,
      state: AccountState[token.state],
    } as TokenAccountView;
  }
}
