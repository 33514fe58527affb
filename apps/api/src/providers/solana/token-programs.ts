import {
  AccountRole,
  address,
  getAddressDecoder,
  getAddressEncoder,
  type Address,
  type Instruction,
} from '@solana/kit';
import {
  AccountState,
  getMintDecoder,
  getMintSize,
  getTokenDecoder,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import type { SolanaAccount } from './solana.js';

/**
 * The two SPL token programs: the classic SPL Token program (mints made before rule enforcement)
 * and Token-2022, a superset whose base instructions and account layouts are the classic ones
 * under another program id, plus extensions stored after them (ADR 62). The base instructions
 * are built with @solana-program/token's builders given this program id; the two extension
 * instructions the platform uses and the extension records are encoded here, from the layouts the
 * Token-2022 program defines (no client of it matches @solana/kit 8 yet).
 */
export const TOKEN_2022_PROGRAM_ADDRESS = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');

export type TokenProgram = 'spl-token' | 'token-2022';

export const PROGRAM_ADDRESSES: Record<TokenProgram, Address> = {
  'spl-token': TOKEN_PROGRAM_ADDRESS,
  'token-2022': TOKEN_2022_PROGRAM_ADDRESS,
};

export function tokenProgramOf(owner: string): TokenProgram | undefined {
  if (owner === TOKEN_PROGRAM_ADDRESS) return 'spl-token';
  if (owner === TOKEN_2022_PROGRAM_ADDRESS) return 'token-2022';
  return undefined;
}

/** Token-2022's instruction numbers of the extension initialisers, and AccountState::Frozen. */
const DEFAULT_ACCOUNT_STATE_EXTENSION = 28;
const DEFAULT_ACCOUNT_STATE_INITIALIZE = 0;
const INITIALIZE_PERMANENT_DELEGATE = 35;
const FROZEN = AccountState.Frozen;

/** Token-2022 extension types (u16 in each record's header). */
export const ExtensionType = { DefaultAccountState: 6, ImmutableOwner: 7, PermanentDelegate: 12 } as const;

/**
 * Extended accounts keep the classic layout, padded to a token account's 165 bytes, then one byte
 * for the account type, then the extension records (type u16, length u16, value).
 */
const BASE_LENGTH = getTokenSize();
const ACCOUNT_TYPE = { mint: 1, account: 2 } as const;
const RECORD_HEADER = 4;

/** The size of a mint with DefaultAccountState (1-byte value) and PermanentDelegate (32 bytes). */
export const ENFORCED_MINT_SIZE = BASE_LENGTH + 1 + (RECORD_HEADER + 1) + (RECORD_HEADER + 32);

/** Every account the mint makes starts frozen; only its freeze authority can thaw one. */
export function initializeDefaultFrozenInstruction(mint: Address): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [{ address: mint, role: AccountRole.WRITABLE }],
    data: new Uint8Array([DEFAULT_ACCOUNT_STATE_EXTENSION, DEFAULT_ACCOUNT_STATE_INITIALIZE, FROZEN]),
  };
}

/** `delegate` may transfer or burn from any account of the mint, whoever owns it. */
export function initializePermanentDelegateInstruction(mint: Address, delegate: Address): Instruction {
  const data = new Uint8Array(33);
  data[0] = INITIALIZE_PERMANENT_DELEGATE;
  data.set(getAddressEncoder().encode(delegate), 1);
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [{ address: mint, role: AccountRole.WRITABLE }],
    data,
  };
}

/** The extension records of an extended account, by type; empty for a classic one. */
export function extensionsOf(data: Uint8Array): Map<number, Uint8Array> {
  const records = new Map<number, Uint8Array>();
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let at = BASE_LENGTH + 1; at + RECORD_HEADER <= data.length;) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === 0) break; // the rest is unused space
    records.set(type, data.subarray(at + RECORD_HEADER, at + RECORD_HEADER + length));
    at += RECORD_HEADER + length;
  }
  return records;
}

/** Whether `data` is a `kind` of `program`: classic layouts are exact, extended ones typed. */
function isLayout(program: TokenProgram, data: Uint8Array, kind: keyof typeof ACCOUNT_TYPE, size: number) {
  if (data.length === size) return true;
  return program === 'token-2022' && data.length > BASE_LENGTH && data[BASE_LENGTH] === ACCOUNT_TYPE[kind];
}

export interface MintState {
  program: TokenProgram;
  supply: bigint;
  decimals: number;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  /** Token-2022 PermanentDelegate: may move tokens out of any account of the mint. */
  permanentDelegate: string | null;
  /** Token-2022 DefaultAccountState = Frozen: every new account of the mint starts frozen. */
  frozenByDefault: boolean;
}

export function decodeMint(account: SolanaAccount): MintState | undefined {
  const program = tokenProgramOf(account.owner);
  if (!program || !isLayout(program, account.data, 'mint', getMintSize())) return undefined;
  const mint = getMintDecoder().decode(account.data);
  if (!mint.isInitialized) return undefined;
  const extensions = extensionsOf(account.data);
  const delegate = extensions.get(ExtensionType.PermanentDelegate);
  const option = (value: typeof mint.mintAuthority) => (value.__option === 'Some' ? value.value : null);
  return {
    program,
    supply: mint.supply,
    decimals: mint.decimals,
    mintAuthority: option(mint.mintAuthority),
    freezeAuthority: option(mint.freezeAuthority),
    // An all-zero delegate is Token-2022's "none".
    permanentDelegate: delegate?.some((byte) => byte !== 0) ? getAddressDecoder().decode(delegate) : null,
    frozenByDefault: extensions.get(ExtensionType.DefaultAccountState)?.[0] === FROZEN,
  };
}

export interface TokenAccountState {
  program: TokenProgram;
  mint: string;
  owner: string;
  amount: bigint;
  state: AccountState;
}

export function decodeTokenAccount(account: SolanaAccount): TokenAccountState | undefined {
  const program = tokenProgramOf(account.owner);
  if (!program || !isLayout(program, account.data, 'account', BASE_LENGTH)) return undefined;
  const token = getTokenDecoder().decode(account.data);
  return { program, mint: token.mint, owner: token.owner, amount: token.amount, state: token.state };
}

/** Names and arguments of the Token-2022 extension initialisers the platform sends (the explorer). */
export function parseExtensionInstruction(
  data: Uint8Array,
): { name: string; args: Record<string, string> } | undefined {
  if (data[0] === DEFAULT_ACCOUNT_STATE_EXTENSION && data[1] === DEFAULT_ACCOUNT_STATE_INITIALIZE) {
    return {
      name: 'InitializeDefaultAccountState',
      args: { state: AccountState[data[2]!] ?? String(data[2]) },
    };
  }
  if (data[0] === INITIALIZE_PERMANENT_DELEGATE && data.length === 33) {
    return {
      name: 'InitializePermanentDelegate',
      args: { delegate: getAddressDecoder().decode(data.subarray(1)) },
    };
  }
  return undefined;
}
