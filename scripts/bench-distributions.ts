/**
 * Paying a distribution to 10,000 holders on the in-process EDR chain (ADR 71): the BatchPayer in
 * batches of DISTRIBUTION_BATCH_SIZE (ETH with payEth, an ERC-20 with payToken) against plain
 * transfers from the same sender in the same run: holders paid per second, transfers per second,
 * and gas per holder. Contract level (no database, no journal): it measures what the chain does.
 *
 *   npx tsx -C source scripts/bench-distributions.ts   (part of npm run bench)
 */
import { encodeFunctionData, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { batchPayerAbi, batchPayerBytecode } from '@portal/contracts/batch-payer';
import { plainErc20Abi, plainErc20Bytecode } from '@portal/contracts/testing/plain-erc20';
import { DISTRIBUTION_BATCH_SIZE } from '@portal/shared/distributions';
import { bareNode } from '../apps/api/src/providers/chain/testing/bare-node.js';

const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 10_000);
/** Plain transfers measured for the baseline rate (each one is a transaction). */
const PLAIN = Math.min(HOLDERS, Number(process.env.BENCH_PLAIN ?? 1_000));
const AMOUNT = 1_000n;

const node = await bareNode(2);
const [platform, issuer] = node.accounts as [(typeof node.accounts)[0], (typeof node.accounts)[0]];
const holders: Address[] = Array.from(
  { length: HOLDERS },
  () => privateKeyToAccount(generatePrivateKey()).address,
);
const payer = await node.deploy(platform, { abi: batchPayerAbi, bytecode: batchPayerBytecode });
const token = await node.deploy(issuer, {
  abi: plainErc20Abi,
  bytecode: plainErc20Bytecode,
  args: [10n ** 30n, issuer.address],
});
const wallet = node.wallet(issuer);
const mined = (hash: `0x${string}`) =>
  node.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 1 });

async function plain(kind: 'ETH' | 'ERC20', recipients: Address[]) {
  const start = performance.now();
  let gas = 0n;
  for (const to of recipients) {
    const hash =
      kind === 'ETH'
        ? await wallet.sendTransaction({ to, value: AMOUNT })
        : await wallet.sendTransaction({
            to: token,
            data: encodeFunctionData({ abi: plainErc20Abi, functionName: 'transfer', args: [to, AMOUNT] }),
          });
    gas += (await mined(hash)).gasUsed;
  }
  return {
    perSecond: recipients.length / ((performance.now() - start) / 1000),
    gasEach: gas / BigInt(recipients.length),
  };
}

async function batched(kind: 'ETH' | 'ERC20', recipients: Address[]) {
  const start = performance.now();
  let gas = 0n;
  if (kind === 'ERC20') {
    const approve = await wallet.writeContract({
      address: token,
      abi: plainErc20Abi,
      functionName: 'approve',
      args: [payer, AMOUNT * BigInt(recipients.length)],
    });
    gas += (await mined(approve)).gasUsed;
  }
  for (let i = 0; i < recipients.length; i += DISTRIBUTION_BATCH_SIZE) {
    const to = recipients.slice(i, i + DISTRIBUTION_BATCH_SIZE);
    const amounts = to.map(() => AMOUNT);
    const ref = `0x${(i + (kind === 'ETH' ? 1 : 2) * 1e9).toString(16).padStart(64, '0')}` as const;
    const hash =
      kind === 'ETH'
        ? await wallet.writeContract({
            address: payer,
            abi: batchPayerAbi,
            functionName: 'payEth',
            args: [ref, to, amounts],
            value: AMOUNT * BigInt(to.length),
          })
        : await wallet.writeContract({
            address: payer,
            abi: batchPayerAbi,
            functionName: 'payToken',
            args: [ref, token, to, amounts],
          });
    const receipt = await mined(hash);
    if (receipt.status !== 'success') throw new Error(`batch ${i} reverted`);
    gas += receipt.gasUsed;
  }
  return {
    perSecond: recipients.length / ((performance.now() - start) / 1000),
    gasEach: gas / BigInt(recipients.length),
  };
}

const rows: string[] = [];
for (const kind of ['ETH', 'ERC20'] as const) {
  // Fresh recipients for each: a first payment to an address costs what a real distribution's does.
  const baseline = await plain(
    kind,
    holders.slice(0, PLAIN).map(() => privateKeyToAccount(generatePrivateKey()).address),
  );
  const paid = await batched(kind, holders);
  const ratio = (paid.perSecond / baseline.perSecond) * 100;
  rows.push(
    `${kind.padEnd(5)} ${HOLDERS} holders in batches of ${DISTRIBUTION_BATCH_SIZE}: ${paid.perSecond.toFixed(0)} holders/s, ` +
      `${paid.gasEach} gas per holder | plain transfers (${PLAIN}): ${baseline.perSecond.toFixed(0)}/s, ` +
      `${baseline.gasEach} gas each | ${ratio.toFixed(0)} % of plain (target ≥ 50 %)`,
  );
}
console.log('Distributions (BatchPayer on the embedded EVM)');
for (const row of rows) console.log(`  ${row}`);
process.exit(0);
