import type { Abi, Address, Hex } from 'viem';
import { listingEscrowAbi, listingEscrowBytecode } from '@portal/contracts/listing-escrow';
import { paymentRecorderAbi, paymentRecorderBytecode } from '@portal/contracts/payment-recorder';
import { soulBoundTokenAbi, soulBoundTokenBytecode } from '@portal/contracts/soul-bound-token';

interface PlatformContract {
  abi: Abi;
  bytecode: Hex;
  constructorArgs(platform: Address): readonly unknown[];
}

/** Contracts the portal deploys on first start (in this order), from the platform account. */
export const platformContracts = {
  soulBoundToken: {
    abi: soulBoundTokenAbi,
    bytecode: soulBoundTokenBytecode,
    constructorArgs: (platform: Address) => [platform],
  },
  listingEscrow: {
    abi: listingEscrowAbi,
    bytecode: listingEscrowBytecode,
    constructorArgs: () => [],
  },
  paymentRecorder: {
    abi: paymentRecorderAbi,
    bytecode: paymentRecorderBytecode,
    constructorArgs: () => [],
  },
} satisfies Record<string, PlatformContract>;

export type PlatformContractName = keyof typeof platformContracts;
