import edr from '@nomicfoundation/edr';
import { hexToBytes, type Address } from 'viem';

const {
  ContractDecoder,
  EdrContext,
  L1_CHAIN_TYPE,
  l1GenesisState,
  l1HardforkFromString,
  l1ProviderFactory,
  MineOrdering,
  OSAKA,
} = edr;

/**
 * Pinned rather than "latest" so an EDR upgrade cannot silently change how the journal replays.
 * Osaka is what Sepolia runs (EDR's own spelling of the name varies between releases).
 */
const HARDFORK = OSAKA;
/** Fixed, so the genesis block (and with it every block hash) is the same on every boot. */
const GENESIS_TIME = 1_767_225_600n; // 2026-01-01T00:00:00Z

/** A JSON-RPC error answered by the node. Code 3 carries revert data, as EIP-1474 specifies. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export interface EdrNode {
  request(method: string, params?: readonly unknown[]): Promise<unknown>;
  /** The node's own JSON-RPC answer to a raw request body (for serving it over HTTP in tests). */
  handle(body: string): Promise<string>;
}

// EDR allows one context per process.
let context: Promise<InstanceType<typeof EdrContext>> | undefined;

function edrContext() {
  context ??= (async () => {
    const created = new EdrContext();
    await created.registerProviderFactory(L1_CHAIN_TYPE, l1ProviderFactory());
    return created;
  })();
  return context;
}

interface JsonRpcAnswer {
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** An in-process, auto-mining EVM node (Nomic Foundation's EDR, the engine inside Hardhat). */
export async function createEdrNode(options: {
  chainId: number;
  genesisAccounts: Array<{ address: Address; balance: bigint }>;
}): Promise<EdrNode> {
  const hardfork = l1HardforkFromString(HARDFORK);
  const provider = await (
    await edrContext()
  ).createProvider(
    L1_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: false,
      allowUnlimitedContractSize: false,
      // Without it a reverting eth_call answers the revert bytes as if they were a result.
      bailOnCallFailure: true,
      bailOnTransactionFailure: false,
      chainId: BigInt(options.chainId),
      networkId: BigInt(options.chainId),
      coinbase: new Uint8Array(20),
      // Osaka caps a transaction's gas at 2^24 (EIP-7825); a higher default fails every estimate.
      defaultTransactionGasLimit: 16_000_000n,
      hardfork: HARDFORK,
      initialBaseFeePerGas: 1_000_000_000n,
      minGasPrice: 0n,
      genesisState: [
        ...l1GenesisState(hardfork),
        ...options.genesisAccounts.map((account) => ({
          address: hexToBytes(account.address),
          balance: account.balance,
        })),
      ],
      mining: { autoMine: true, memPool: { order: MineOrdering.Fifo } },
      network: { genesisBlockGasLimit: 60_000_000n, genesisBlockTime: GENESIS_TIME },
      observability: {},
      ownedAccounts: [],
      precompileOverrides: [],
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => {} },
    { subscriptionCallback: () => {} },
    new ContractDecoder(),
  );

  let id = 0;
  const handle = async (body: string): Promise<string> => {
    const response = await provider.handleRequest(body);
    return typeof response.data === 'string' ? response.data : JSON.stringify(response.data);
  };
  return {
    handle,
    async request(method, params = []) {
      id += 1;
      const answer = JSON.parse(
        await handle(JSON.stringify({ jsonrpc: '2.0', id, method, params })),
      ) as JsonRpcAnswer;
      if (answer.error) {
        // EDR nests revert bytes one level down; viem decodes custom errors from { code: 3, data: '0x…' }.
        const { data } = answer.error;
        const revertData =
          typeof data === 'object' && data !== null ? (data as { data?: unknown }).data : data;
        if (typeof revertData === 'string' && revertData !== '0x') {
          throw new RpcError(3, answer.error.message, revertData);
        }
        throw new RpcError(answer.error.code, answer.error.message);
      }
      return answer.result;
    },
  };
}
