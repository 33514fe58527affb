import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  custom,
  getAddress,
  parseEther,
  type Abi,
  type Address,
  type Chain,
  type Hex,
  type PrivateKeyAccount,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createEdrNode } from '../edr-node.js';
import { chainDefinition } from '../chain.viem.js';

export interface Call {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  value?: bigint;
}

export interface BareNode {
  accounts: PrivateKeyAccount[];
  publicClient: PublicClient<Transport, Chain>;
  wallet(account: PrivateKeyAccount): WalletClient<Transport, Chain, PrivateKeyAccount>;
  /** Deploys and waits; returns the new contract's address. */
  deploy(
    from: PrivateKeyAccount,
    contract: { abi: Abi; bytecode: Hex; args?: readonly unknown[] },
  ): Promise<Address>;
  /** Sends a contract call as `from` and waits for it to be mined successfully. */
  write(from: PrivateKeyAccount, call: Call): Promise<TransactionReceipt>;
  /** Seconds since the epoch of the latest block. */
  now(): Promise<bigint>;
  /** Mines an empty block `seconds` later. */
  travel(seconds: number): Promise<void>;
}

/**
 * `Name(args)` of the custom error (or the panic's reason) `call` reverts with as `from`, or 'ok'
 * once mined. `errors` holds every error ABI that may surface: a token's refusal reaches a caller
 * through an escrow's call too.
 */
export async function outcome(
  node: BareNode,
  errors: Abi,
  from: PrivateKeyAccount,
  call: Call,
): Promise<string> {
  try {
    await node.publicClient.simulateContract({
      ...call,
      abi: [...call.abi, ...errors],
      account: from,
    } as never);
    await node.write(from, call);
    return 'ok';
  } catch (error) {
    const reverted =
      error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) {
      if (reverted.data) return `${reverted.data.errorName}(${(reverted.data.args ?? []).join(',')})`;
      if (reverted.reason) return reverted.reason;
    }
    throw error;
  }
}

/**
 * A bare in-process EVM (no journal, no database) with funded accounts, for contract tests that
 * need many signers and time travel, which the journaled embedded chain rightly refuses.
 */
export async function bareNode(accountCount: number): Promise<BareNode> {
  const accounts = Array.from({ length: accountCount }, () => privateKeyToAccount(generatePrivateKey()));
  const node = await createEdrNode({
    chainId: 31337,
    genesisAccounts: accounts.map((account) => ({ address: account.address, balance: parseEther('1000') })),
  });
  const chain = chainDefinition(31337, 'Test chain');
  const transport = custom(
    { request: ({ method, params }) => node.request(method, params as unknown[]) },
    { retryCount: 0 },
  );
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 10 });
  const wallet = (account: PrivateKeyAccount) => createWalletClient({ account, chain, transport });

  return {
    accounts,
    publicClient,
    wallet,
    async deploy(from, contract) {
      const hash = await wallet(from).deployContract({
        abi: contract.abi,
        bytecode: contract.bytecode,
        args: contract.args ?? [],
      } as never);
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (!receipt.contractAddress) throw new Error('deployment failed');
      return getAddress(receipt.contractAddress);
    },
    async write(from, call) {
      const hash = await wallet(from).writeContract(call as never);
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`${call.functionName} reverted`);
      return receipt;
    },
    async now() {
      return (await publicClient.getBlock()).timestamp;
    },
    async travel(seconds) {
      await node.request('evm_increaseTime', [seconds]);
      await node.request('evm_mine', []);
    },
  };
}
