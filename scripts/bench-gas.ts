/**
 * Gas of one token transfer between two verified investors who already hold the token: a plain
 * OpenZeppelin ERC-20 against the compliant AssetToken20 (Compliance check, accounting, identity
 * registry), deployed side by side on the in-process EDR chain. Also the first acquisition, where
 * the receiver becomes a holder (its holder count and lock-up are written).
 *
 *   npm run bench:gas        (npx tsx -C source scripts/bench-gas.ts)
 */
import type { Address, PrivateKeyAccount } from 'viem';
import { assetToken20Abi, assetToken20Bytecode } from '@portal/contracts/asset-token20';
import { complianceAbi } from '@portal/contracts/compliance';
import { plainErc20Abi, plainErc20Bytecode } from '@portal/contracts/testing/plain-erc20';
import { bareNode, type BareNode } from '../apps/api/src/providers/chain/testing/bare-node.js';
import { complianceFixture } from '../apps/api/src/providers/chain/testing/compliance-fixture.js';

const SUPPLY = 10n ** 24n;

async function transferGas(
  node: BareNode,
  token: Address,
  from: PrivateKeyAccount,
  to: Address,
  amount = 10n ** 18n,
) {
  const receipt = await node.write(from, {
    address: token,
    abi: assetToken20Abi,
    functionName: 'transfer',
    args: [to, amount],
  });
  return receipt.gasUsed;
}

/** [first acquisition, transfer between two holders] for a token whose treasury is `issuer`. */
async function measure(
  node: BareNode,
  token: Address,
  issuer: PrivateKeyAccount,
  a: PrivateKeyAccount,
  b: Address,
) {
  await transferGas(node, token, issuer, a.address, 10n * 10n ** 18n);
  await transferGas(node, token, issuer, b);
  const first = await transferGas(node, token, a, node.accounts[4]!.address);
  const between = await transferGas(node, token, a, b);
  return { first, between };
}

const node = await bareNode(5);
const [platform, issuer, a, b, c] = node.accounts as [
  PrivateKeyAccount,
  PrivateKeyAccount,
  PrivateKeyAccount,
  PrivateKeyAccount,
  PrivateKeyAccount,
];
const rules = await complianceFixture(node, platform);
for (const account of [a, b, c]) await rules.verify(account.address);

const plain = await node.deploy(issuer, {
  abi: plainErc20Abi,
  bytecode: plainErc20Bytecode,
  args: [SUPPLY, issuer.address],
});
const compliant = await node.deploy(issuer, {
  abi: assetToken20Abi,
  bytecode: assetToken20Bytecode,
  args: ['Harbour Bond', 'HBD', 18, SUPPLY, issuer.address, rules.compliance],
});
// Rules every check reads to the end: one allowed country, the per-acquisition and holding bounds.
await node.write(issuer, {
  address: rules.compliance,
  abi: complianceAbi,
  functionName: 'setRules',
  args: [
    compliant,
    {
      allowedCountries: ['0x465241'], // FRA
      blockedCountries: [],
      accreditedOnly: false,
      maxHolders: 1000,
      maxBalance: SUPPLY,
      minAcquisition: 1n,
      maxAcquisition: SUPPLY,
      lockupSeconds: 0n,
      supplyCap: SUPPLY,
    },
  ],
});

const base = await measure(node, plain, issuer, a, b.address);
const ours = await measure(node, compliant, issuer, a, b.address);
const ratio = (x: bigint, y: bigint) => (Number(x) / Number(y)).toFixed(2);
console.log('gas of an ERC-20 transfer between two verified investors (EDR, cancun, optimizer 200 runs)');
console.log(`  plain OpenZeppelin ERC20  between holders ${base.between}  to a new holder ${base.first}`);
console.log(`  compliant AssetToken20    between holders ${ours.between}  to a new holder ${ours.first}`);
console.log(
  `  ratio                     between holders ${ratio(ours.between, base.between)}×  to a new holder ${ratio(ours.first, base.first)}×`,
);
