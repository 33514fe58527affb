import { z } from 'zod';
import { messages } from './messages.js';

/** A 32-byte transaction hash, 0x-prefixed hex (either case). */
export const TxHashSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, { error: messages.explorerInvalidTxHash })
  .transform((hash) => hash.toLowerCase() as `0x${string}`);

/** A 20-byte EVM address, 0x-prefixed hex (any case; the checksum is not required). */
export const EvmAddressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: messages.explorerInvalidAddress })
  .transform((address) => address.toLowerCase() as `0x${string}`);

export const ExplorerTxParamsSchema = z.object({ hash: TxHashSchema });
export const ExplorerAddressParamsSchema = z.object({ address: EvmAddressSchema });

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';

/** A Solana address: 32 bytes in base58. */
export const SolanaAddressSchema = z
  .string()
  .regex(new RegExp(`^${BASE58}{32,44}$`), { error: messages.explorerInvalidAddress });

/** A Solana transaction signature: 64 bytes in base58. */
export const SolanaSignatureSchema = z
  .string()
  .regex(new RegExp(`^${BASE58}{64,88}$`), { error: messages.explorerInvalidTxHash });

export const SolanaExplorerTxParamsSchema = z.object({ hash: SolanaSignatureSchema });
export const SolanaExplorerAddressParamsSchema = z.object({ address: SolanaAddressSchema });
