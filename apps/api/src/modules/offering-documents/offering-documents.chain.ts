import {
  encodeFunctionData,
  getAddress,
  hexToString,
  stringToHex,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { assetToken20Abi } from '@portal/contracts/asset-token20';
import type { ChainPort, EvmSigner } from '../../providers/chain/chain.js';
import type { KeyedSender } from '../chains/keyed-sender.js';

/** A document as an ERC-1643 token records it. */
export interface ChainDocument {
  name: string;
  uri: string;
  /** 0x + 64 hex: sha256 of the document's bytes. */
  documentHash: Hex;
  lastModified: Date;
}

/** ERC-1643's bytes32 name from the document's name (at most 32 UTF-8 bytes, ADR 73). */
export const documentName = (name: string): Hex => stringToHex(name, { size: 32 });
const readName = (bytes: Hex): string => hexToString(bytes, { size: 32 });

/**
 * ERC-1643 on the asset tokens (every kind inherits it from CompliantToken, so one ABI serves
 * them all): the issuer's vault writes, through the keyed sender (a job re-run never sends twice);
 * anyone reads.
 */
export class DocumentContracts {
  constructor(
    private readonly chain: Pick<ChainPort, 'publicClient'>,
    private readonly sender: Pick<KeyedSender, 'send' | 'confirm'>,
  ) {}

  setDocument(token: Address, name: string, uri: string, documentHash: Hex, key: string, from: EvmSigner) {
    const data = encodeFunctionData({
      abi: assetToken20Abi,
      functionName: 'setDocument',
      args: [documentName(name), uri, documentHash],
    });
    return this.write({ key, from, to: token, data });
  }

  removeDocument(token: Address, name: string, key: string, from: EvmSigner) {
    const data = encodeFunctionData({
      abi: assetToken20Abi,
      functionName: 'removeDocument',
      args: [documentName(name)],
    });
    return this.write({ key, from, to: token, data });
  }

  /** One document as the token records it (an empty uri and a zero hash for an unknown name). */
  async document(token: Address, name: string): Promise<{ uri: string; documentHash: Hex }> {
    const [uri, documentHash] = await this.chain.publicClient.readContract({
      address: getAddress(token),
      abi: assetToken20Abi,
      functionName: 'getDocument',
      args: [documentName(name)],
    });
    return { uri, documentHash };
  }

  /** The token's current documents, in the contract's order. */
  async documents(token: Address): Promise<ChainDocument[]> {
    const address = getAddress(token);
    const names = await this.chain.publicClient.readContract({
      address,
      abi: assetToken20Abi,
      functionName: 'getAllDocuments',
    });
    return Promise.all(
      names.map(async (name) => {
        const [uri, documentHash, lastModified] = await this.chain.publicClient.readContract({
          address,
          abi: assetToken20Abi,
          functionName: 'getDocument',
          args: [name],
        });
        return {
          name: readName(name),
          uri,
          documentHash,
          lastModified: new Date(Number(lastModified) * 1000),
        };
      }),
    );
  }

  private async write(request: { key: string; from: EvmSigner; to: Address; data: Hex }): Promise<Hash> {
    const { hash } = await this.sender.send({ ...request, abi: errorsAbi });
    await this.sender.confirm(hash, errorsAbi);
    return hash;
  }
}

const errorsAbi = assetToken20Abi.filter((item) => item.type === 'error');
