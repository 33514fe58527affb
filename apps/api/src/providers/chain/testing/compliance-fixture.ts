import { keccak256, toHex, type Address, type Hex, type PrivateKeyAccount } from 'viem';
import { complianceAbi, complianceBytecode } from '@portal/contracts/compliance';
import { identityRegistryAbi, identityRegistryBytecode } from '@portal/contracts/identity-registry';
import type { BareNode } from './bare-node.js';

export interface ComplianceFixture {
  registry: Address;
  compliance: Address;
  /** Registers `wallet` under identity `id` (default: one of its own) as a verified investor. */
  verify(
    wallet: Address,
    options?: { id?: Hex; country?: string; accredited?: boolean; validFor?: number },
  ): Promise<Hex>;
}

/** The platform's registry and Compliance on a bare node, owned by `platform`, exempting `agents`. */
export async function complianceFixture(
  node: BareNode,
  platform: PrivateKeyAccount,
  agents: readonly Address[] = [],
): Promise<ComplianceFixture> {
  const registry = await node.deploy(platform, {
    abi: identityRegistryAbi,
    bytecode: identityRegistryBytecode,
    args: [platform.address],
  });
  const compliance = await node.deploy(platform, {
    abi: complianceAbi,
    bytecode: complianceBytecode,
    args: [platform.address, registry, agents],
  });
  return {
    registry,
    compliance,
    async verify(
      wallet,
      { id = keccak256(wallet), country = 'FRA', accredited = false, validFor = 10 * 365 * 86_400 } = {},
    ) {
      const call = (functionName: string, args: readonly unknown[]) =>
        node.write(platform, { address: registry, abi: identityRegistryAbi, functionName, args });
      await call('setIdentity', [
        id,
        toHex(country, { size: 3 }),
        (await node.now()) + BigInt(validFor),
        accredited,
      ]);
      await call('addWallet', [wallet, id]);
      return id;
    },
  };
}
