import { parseUnits, type Abi, type Address } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { assetToken1155Abi, assetToken1155Bytecode } from '@portal/contracts/asset-token1155';
import { assetToken20Abi, assetToken20Bytecode } from '@portal/contracts/asset-token20';
import { assetToken721Abi, assetToken721Bytecode } from '@portal/contracts/asset-token721';
import { revertErrorName } from './chain.js';
import { bareNode, type BareNode } from './testing/bare-node.js';
import { complianceFixture } from './testing/compliance-fixture.js';

const reasonOf = (promise: Promise<unknown>, abi?: Abi) =>
  promise.then(
    () => 'no revert',
    (error: unknown) => revertErrorName(error, abi) ?? String(error),
  );

describe('asset token contracts', () => {
  let node: BareNode;
  let compliance: Address;
  beforeAll(async () => {
    node = await bareNode(2);
    ({ compliance } = await complianceFixture(node, node.accounts[0]!));
  });

  it('ERC-20: name, symbol and decimals as given, the whole supply at the treasury', async () => {
    const [deployer, treasury] = node.accounts;
    const supply = parseUnits('1000000', 6);
    const address = await node.deploy(deployer!, {
      abi: assetToken20Abi,
      bytecode: assetToken20Bytecode,
      args: ['Harbour Bond', 'HBD', 6, supply, treasury!.address, compliance],
    });
    const read = (functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply') =>
      node.publicClient.readContract({ address, abi: assetToken20Abi, functionName });
    expect([await read('name'), await read('symbol'), await read('decimals')]).toEqual([
      'Harbour Bond',
      'HBD',
      6,
    ]);
    expect(await read('totalSupply')).toBe(supply);
    expect(
      await node.publicClient.readContract({
        address,
        abi: assetToken20Abi,
        functionName: 'balanceOf',
        args: [treasury!.address],
      }),
    ).toBe(supply);
    const zero = node.deploy(deployer!, {
      abi: assetToken20Abi,
      bytecode: assetToken20Bytecode,
      args: ['Empty', 'EMP', 18, 0n, treasury!.address, compliance],
    });
    expect(await reasonOf(zero, assetToken20Abi)).toBe('ZeroSupply');
  });

  it('ERC-721: items 1..N at the treasury, in batches past 5,000, tokenURI = base + n, nothing beyond', async () => {
    const [deployer, treasury] = node.accounts;
    const base = 'https://portal.test/api/tokens/6f1c/items/';
    const address = await node.deploy(deployer!, {
      abi: assetToken721Abi,
      bytecode: assetToken721Bytecode,
      args: ['Vineyard Plots', 'VPL', 5_001n, treasury!.address, base, compliance],
    });
    const ownerOf = (id: bigint) =>
      node.publicClient.readContract({ address, abi: assetToken721Abi, functionName: 'ownerOf', args: [id] });
    expect(await ownerOf(1n)).toBe(treasury!.address);
    expect(await ownerOf(5_000n)).toBe(treasury!.address);
    expect(await ownerOf(5_001n)).toBe(treasury!.address);
    expect(await reasonOf(ownerOf(0n))).toBe('ERC721NonexistentToken');
    expect(await reasonOf(ownerOf(5_002n))).toBe('ERC721NonexistentToken');
    expect(
      await node.publicClient.readContract({
        address,
        abi: assetToken721Abi,
        functionName: 'tokenURI',
        args: [42n],
      }),
    ).toBe(`${base}42`);
    expect(
      await node.publicClient.readContract({
        address,
        abi: assetToken721Abi,
        functionName: 'balanceOf',
        args: [treasury!.address],
      }),
    ).toBe(5_001n);
    expect(
      await node.publicClient.readContract({ address, abi: assetToken721Abi, functionName: 'totalSupply' }),
    ).toBe(5_001n);

    for (const supply of [0n, 100_001n]) {
      const refused = node.deploy(deployer!, {
        abi: assetToken721Abi,
        bytecode: assetToken721Bytecode,
        args: ['Too many', 'TM', supply, treasury!.address, base, compliance],
      });
      expect(await reasonOf(refused, assetToken721Abi)).toBe('InvalidSupply');
    }
  });

  it('ERC-1155: one fungible id with the whole supply at the treasury, its uri, name and symbol', async () => {
    const [deployer, treasury] = node.accounts;
    const address = await node.deploy(deployer!, {
      abi: assetToken1155Abi,
      bytecode: assetToken1155Bytecode,
      args: [
        'Solar Shares',
        'SOL1',
        2_500n,
        treasury!.address,
        'https://portal.test/api/tokens/ab12/metadata',
        compliance,
      ],
    });
    const contract = { address, abi: assetToken1155Abi } as const;
    const id = await node.publicClient.readContract({ ...contract, functionName: 'TOKEN_ID' });
    expect(id).toBe(1n);
    expect(
      await node.publicClient.readContract({
        ...contract,
        functionName: 'balanceOf',
        args: [treasury!.address, id],
      }),
    ).toBe(2_500n);
    expect(await node.publicClient.readContract({ ...contract, functionName: 'uri', args: [id] })).toBe(
      'https://portal.test/api/tokens/ab12/metadata',
    );
    expect(await node.publicClient.readContract({ ...contract, functionName: 'name' })).toBe('Solar Shares');
    expect(await node.publicClient.readContract({ ...contract, functionName: 'symbol' })).toBe('SOL1');
    expect(await node.publicClient.readContract({ ...contract, functionName: 'totalSupply' })).toBe(2_500n);
  });
});
