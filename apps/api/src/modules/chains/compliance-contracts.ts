import { encodeFunctionData, hexToString, toHex, type Address, type Hash, type Hex } from 'viem';
import { identityRegistryAbi } from '@portal/contracts/identity-registry';
import type { ChainPort } from '../../providers/chain/chain.js';
import type { KeyedSender } from './keyed-sender.js';

/** A wallet's entry in the identity registry; identity 0x00…0 when the wallet has none. */
export interface Investor {
  identity: Hex;
  /** ISO 3166-1 alpha-3; null when the identity has none on record. */
  country: string | null;
  validUntil: Date;
  accredited: boolean;
}

const ZERO_COUNTRY = '0x000000';
const errorsAbi = identityRegistryAbi.filter((item) => item.type === 'error');

/**
 * The platform's identity registry (docs/architecture.md, "Compliance"): which wallets belong to
 * which verified investor, with country, verification end and accreditation. The platform account
 * signs every write through the keyed sender, so a job re-run never sends twice; the contract's
 * writes are idempotent as well.
 */
export class ComplianceContracts {
  constructor(
    private readonly chain: ChainPort,
    private readonly sender: KeyedSender,
  ) {}

  get registryAddress(): Address {
    return this.chain.contractAddress('identityRegistry');
  }

  /** Records (or replaces) an identity; `id` is the API's key derived from the investor's DID. */
  setIdentity(
    id: Hex,
    identity: { country: string | null; validUntil: Date; accredited: boolean },
    key: string,
  ): Promise<{ txHash: Hash }> {
    return this.write(key, 'setIdentity', [
      id,
      identity.country ? toHex(identity.country, { size: 3 }) : ZERO_COUNTRY,
      BigInt(Math.floor(identity.validUntil.getTime() / 1000)),
      identity.accredited,
    ]);
  }

  /** Adds a wallet to an identity (refused with WalletTaken if another identity holds it). */
  addWallet(wallet: Address, id: Hex, key: string): Promise<{ txHash: Hash }> {
    return this.write(key, 'addWallet', [wallet, id]);
  }

  removeWallet(wallet: Address, key: string): Promise<{ txHash: Hash }> {
    return this.write(key, 'removeWallet', [wallet]);
  }

  async investorOf(wallet: Address): Promise<Investor> {
    const [identity, country, validUntil, accredited] = await this.chain.publicClient.readContract({
      address: this.registryAddress,
      abi: identityRegistryAbi,
      functionName: 'investorOf',
      args: [wallet],
    });
    return {
      identity,
      country: country === ZERO_COUNTRY ? null : hexToString(country, { size: 3 }),
      validUntil: new Date(Number(validUntil) * 1000),
      accredited,
    };
  }

  private async write<const F extends 'setIdentity' | 'addWallet' | 'removeWallet'>(
    key: string,
    functionName: F,
    args: readonly unknown[],
  ): Promise<{ txHash: Hash }> {
    const data = encodeFunctionData({ abi: identityRegistryAbi, functionName, args } as never);
    const { hash } = await this.sender.send({
      key,
      from: this.chain.platformSigner,
      to: this.registryAddress,
      data,
      abi: errorsAbi,
    });
    await this.sender.confirm(hash, errorsAbi);
    return { txHash: hash };
  }
}
