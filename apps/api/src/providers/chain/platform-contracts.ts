import type { Abi, Address, Hex } from 'viem';
import { soulBoundTokenAbi, soulBoundTokenBytecode } from '@portal/contracts/soul-bound-token';

interface PlatformContract {
  abi: Abi;
  bytecode: Hex;
  constructorArgs(platform: Address): readonly unknown[];
}

/** Contracts the portal deploys on first start, owned by the platform account. */
export const platformContracts = {
  soulBoundToken: {
    abi: soulBoundTokenAbi,
    bytecode: soulBoundTokenBytecode,
    constructorArgs: (platform: Address) => [platform],
  },
} satisfies Record<string, PlatformContract>;

export type PlatformContractName = keyof typeof platformContracts;
