import type { Abi, Address, Hex } from 'viem';
import { complianceAbi, complianceBytecode } from '@portal/contracts/compliance';
import { identityRegistryAbi, identityRegistryBytecode } from '@portal/contracts/identity-registry';
import { listingEscrowAbi, listingEscrowBytecode } from '@portal/contracts/listing-escrow';
import { paymentRecorderAbi, paymentRecorderBytecode } from '@portal/contracts/payment-recorder';
import { soulBoundTokenAbi, soulBoundTokenBytecode } from '@portal/contracts/soul-bound-token';
import { testStablecoinAbi, testStablecoinBytecode } from '@portal/contracts/test-stablecoin';

interface PlatformContract {
  abi: Abi;
  bytecode: Hex;
  /** `deployed`: the contracts listed before this one, already deployed. */
  constructorArgs(platform: Address, deployed: Partial<Record<string, Address>>): readonly unknown[];
  /** Deployed on the embedded chain only; a remote chain uses a configured contract instead. */
  embeddedOnly?: boolean;
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
  identityRegistry: {
    abi: identityRegistryAbi,
    bytecode: identityRegistryBytecode,
    constructorArgs: (platform: Address) => [platform],
  },
  // After the registry it reads and the escrow it exempts: the escrow is an agent account from the
  // contract's birth, so no boot step has to mark it (and none can be missed after a crash).
  compliance: {
    abi: complianceAbi,
    bytecode: complianceBytecode,
    constructorArgs: (platform: Address, deployed: Partial<Record<string, Address>>) => [
      platform,
      required(deployed, 'identityRegistry'),
      [required(deployed, 'listingEscrow')],
    ],
  },
  // Test USD (ADR 70): on a remote chain STABLECOIN_ADDRESS names a real test stablecoin instead.
  testStablecoin: {
    abi: testStablecoinAbi,
    bytecode: testStablecoinBytecode,
    constructorArgs: (platform: Address) => [platform],
    embeddedOnly: true,
  },
  // The secondary market (ADR 75): the same escrow code deployed once more, so investors' sell
  // orders never share an account with issuers' listings. Last, so chains deployed before it keep
  // every earlier address; it becomes a Compliance agent account with a keyed send at its first use.
  secondaryMarket: {
    abi: listingEscrowAbi,
    bytecode: listingEscrowBytecode,
    constructorArgs: () => [],
  },
} satisfies Record<string, PlatformContract>;

export type PlatformContractName = keyof typeof platformContracts;

function required(deployed: Partial<Record<string, Address>>, name: string): Address {
  const address = deployed[name];
  if (!address) throw new Error(`Platform contract ${name} must be deployed first`);
  return address;
}
