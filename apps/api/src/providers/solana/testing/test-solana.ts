import { randomBytes, randomUUID } from 'node:crypto';
import { address, generateKeyPairSigner, none, some, type Address } from '@solana/kit';
import { getMintEncoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import type { Database } from '../../../db/client.js';
import { MasterKey } from '../../../secrets/envelope.js';
import { SecretStore } from '../../../secrets/secrets.repo.js';
import { silentLog } from '../../chain/testing/test-chain.js';
import { LocalCustody } from '../../custody/custody.local.js';
import { openEmbeddedSolana } from '../solana.embedded.js';
import { openRpcSolana } from '../solana.rpc.js';
import type { SolanaPort, SolanaSigner } from '../solana.js';
import type { FakeSolanaRpc } from './fake-solana-rpc.js';

export const EMBEDDED_EXPLORER = 'http://portal.test/explorer/solana';

/** Local custody on its own random seed, and a way to open vaults with a SOL address. */
export function testCustody(database: Database) {
  const entropy = randomBytes(32);
  const custody = new LocalCustody(database.db, async () => Buffer.from(entropy));
  return {
    custody,
    /** A new vault, as the signer that holds its SOL key. */
    async vault(): Promise<Extract<SolanaSigner, { kind: 'vault' }>> {
      const vault = await custody.createVault({ customerRefId: randomUUID(), name: 'v', autoFuel: false });
      const sol = vault.wallets.find((wallet) => wallet.assetId === 'SOL_TEST')!;
      return { kind: 'vault', vaultId: vault.id, address: sol.address };
    },
  };
}

/**
 * Opens the embedded Solana VM on a database; call `open` again on the same database (same master
 * key) to simulate a restart: a brand-new VM rebuilt from the journal.
 */
export function embeddedSolanaOn(database: Database) {
  const masterKey = new MasterKey(randomBytes(32));
  const custody = testCustody(database);
  return {
    ...custody,
    open: () =>
      openEmbeddedSolana({
        config: { kind: 'embedded', explorerUrl: EMBEDDED_EXPLORER },
        db: database.db,
        secrets: new SecretStore(database.db, masterKey),
        custody: custody.custody,
        log: silentLog,
      }),
  };
}

export const DEVNET_EXPLORER = 'https://explorer.solana.com/?cluster=devnet';

/** The rpc adapter against a node at `rpcUrl`, polling fast for tests. */
export function rpcSolanaOn(database: Database, rpcUrl: string) {
  const masterKey = new MasterKey(randomBytes(32));
  const custody = testCustody(database);
  return {
    ...custody,
    open: () =>
      openRpcSolana({
        config: { kind: 'rpc', rpcUrl, explorerUrl: DEVNET_EXPLORER },
        db: database.db,
        secrets: new SecretStore(database.db, masterKey),
        custody: custody.custody,
        log: silentLog,
        pollIntervalMs: 5,
      }),
  };
}

/**
 * A mint whose authority is `issuer` (a vault), with `supply` minted to the issuer's account, which
 * is thawed first (accounts of a new mint are born frozen), and `thawed` holders able to receive.
 */
export async function issueToken(
  solana: SolanaPort,
  issuer: Extract<SolanaSigner, { kind: 'vault' }>,
  { supply, decimals, thawed = [] }: { supply: bigint; decimals: number; thawed?: string[] },
): Promise<string> {
  const { mint } = await solana.createMint({ key: 'token:1:mint', decimals, mintAuthority: issuer });
  for (const owner of [issuer.address, ...thawed])
    await solana.thaw({ key: `token:1:thaw:${owner}`, mint, owner });
  await solana.mintTo({
    key: 'token:1:supply',
    mint,
    owner: issuer.address,
    amount: supply,
    mintAuthority: issuer,
  });
  return mint;
}

/** A classic SPL Token mint on a fake node, as made before new mints were Token-2022 (no freeze authority). */
export async function classicMint(
  node: FakeSolanaRpc,
  mintAuthority: string,
  supply: bigint,
): Promise<Address> {
  const mint = (await generateKeyPairSigner()).address;
  node.setAccount({
    address: mint,
    owner: TOKEN_PROGRAM_ADDRESS,
    data: new Uint8Array(
      getMintEncoder().encode({
        mintAuthority: some(address(mintAuthority)),
        supply,
        decimals: 0,
        isInitialized: true,
        freezeAuthority: none(),
      }),
    ),
  });
  return mint;
}
