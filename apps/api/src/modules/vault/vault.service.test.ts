import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { LocalCustody } from '../../providers/custody/custody.local.js';
import { TestClock } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';
import { VaultRepo } from './vault.repo.js';
import { VaultService, type VaultDeps } from './vault.service.js';

let database: Database;
let warnings: unknown[];
const entropy = randomBytes(32);

beforeEach(async () => {
  database = await createTestDatabase();
  warnings = [];
});
afterEach(() => database.close());

const log: VaultDeps['log'] = {
  info: () => undefined,
  error: () => undefined,
  warn: (...args: unknown[]) => {
    warnings.push(args);
  },
};

function service(fuel?: VaultDeps['fuel']) {
  return new VaultService({
    db: database.db,
    repo: new VaultRepo(database.db),
    custody: new LocalCustody(database.db, async () => Buffer.from(entropy)),
    clock: new TestClock(),
    log,
    ...(fuel ? { fuel } : {}),
  });
}

async function newUser(): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, name: 'Fuel Test', passwordHash: 'x', role: 'investor' })
    .returning();
  return row!.id;
}

describe('auto-fuel on vault creation', () => {
  it("funds the new vault's ETH address when autoFuel is on, and only then", async () => {
    const funded: string[] = [];
    const vaults = service(async (address) => {
      funded.push(address);
    });
    const fuelled = await vaults.create(await newUser(), {});
    await vaults.create(await newUser(), { autoFuel: false });
    expect(funded).toEqual([fuelled.wallets.find((w) => w.assetId === 'ETH_TEST5')!.address]);
  });

  it('keeps the vault when funding fails, and logs the failure', async () => {
    const vaults = service(async () => {
      throw new Error('faucet is dry');
    });
    const userId = await newUser();
    const created = await vaults.create(userId, { autoFuel: true });
    expect((await vaults.info(userId)).vault).toEqual(created.vault);
    expect(JSON.stringify(warnings)).toContain('auto-fuel failed');
  });
});

describe('signing for a user', () => {
  it("signs with the user's own vault, and asks for a vault first when there is none", async () => {
    const vaults = service();
    const userId = await newUser();
    const transaction = {
      chainId: 1,
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
    } as const;
    await expect(vaults.signEvmTransaction(userId, transaction)).rejects.toMatchObject({ code: 'CONFLICT' });
    await vaults.create(userId, {});
    await expect(vaults.signEvmTransaction(userId, transaction)).resolves.toMatch(/^0x02/);
  });

  it("gives the user's vault as a Solana signer with its stored SOL address", async () => {
    const vaults = service();
    const userId = await newUser();
    await expect(vaults.solanaSigner(userId)).rejects.toMatchObject({ code: 'CONFLICT' });
    const { wallets } = await vaults.create(userId, {});
    const signer = await vaults.solanaSigner(userId);
    expect(signer).toEqual({
      kind: 'vault',
      vaultId: expect.any(String),
      address: wallets.find((wallet) => wallet.assetId === 'SOL_TEST')!.address,
    });
  });
});
