import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { getAddress, parseEther, parseEventLogs, type Hex } from 'viem';
import { assetToken20Abi } from '@portal/contracts/asset-token20';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { ChainSendsRepo } from '../../providers/chain/chain-sends.repo.js';
import type { ChainPort, EvmSigner } from '../../providers/chain/chain.js';
import { embeddedChainOn } from '../../providers/chain/testing/test-chain.js';
import { LocalCustody } from '../../providers/custody/custody.local.js';
import { TestClock } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';
import { AssetContracts, type AssetTokenKind } from '../chains/asset-contracts.js';
import { ChainSendError, KeyedSender } from '../chains/keyed-sender.js';
import { VaultRepo } from '../vault/vault.repo.js';
import { VaultService } from '../vault/vault.service.js';
import { DocumentContracts, documentName } from './offering-documents.chain.js';

const sha = (text: string): Hex => `0x${createHash('sha256').update(text).digest('hex')}`;

describe('ERC-1643 on the asset tokens', () => {
  const clock = new TestClock();
  let database: Database;
  let chain: ChainPort;
  let assets: AssetContracts;
  let documents: DocumentContracts;
  let issuer: EvmSigner;
  let stranger: EvmSigner;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ chain } = await embeddedChainOn(database, clock).open());
    const sender = new KeyedSender(chain, new ChainSendsRepo(database.db));
    assets = new AssetContracts(chain, sender);
    documents = new DocumentContracts(chain, sender);
    const entropy = randomBytes(32);
    const vaults = new VaultService({
      db: database.db,
      repo: new VaultRepo(database.db),
      custody: new LocalCustody(database.db, async () => Buffer.from(entropy)),
      clock,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      fuel: async (address) => {
        await chain.fund(getAddress(address), parseEther('1'));
      },
    });
    const vaultOf = async () => {
      const [user] = await database.db
        .insert(users)
        .values({ email: `${randomUUID()}@example.com`, name: 'Vault', passwordHash: 'x', role: 'issuer' })
        .returning();
      await vaults.create(user!.id, {});
      return vaults.evmSigner(user!.id);
    };
    issuer = await vaultOf();
    stranger = await vaultOf();
  });
  afterAll(async () => {
    await chain.close();
    await database.close();
  });

  const deploy = async (kind: AssetTokenKind) =>
    (
      await assets.deployAssetToken(
        kind,
        {
          name: 'Harbour Bond',
          symbol: 'HBD',
          decimals: kind === 'ERC20' ? 6 : 0,
          supply: kind === 'ERC20' ? 10n ** 9n : 3n,
          treasury: issuer.address,
          baseUri: 'http://portal.test/items/',
        },
        `deploy:${kind}`,
        issuer,
      )
    ).address;

  it.each(['ERC20', 'ERC721', 'ERC1155'] as const)(
    '%s: the issuer sets, replaces and removes documents; events name each version; strangers are refused',
    async (kind) => {
      const token = await deploy(kind);
      expect(await documents.documents(token)).toEqual([]);

      const first = await documents.setDocument(
        token,
        'Prospectus',
        'ipfs://a',
        sha('v1'),
        `${kind}:1`,
        issuer,
      );
      await documents.setDocument(token, 'Terms', 'ipfs://t', sha('terms'), `${kind}:2`, issuer);
      const replaced = await documents.setDocument(
        token,
        'Prospectus',
        'ipfs://b',
        sha('v2'),
        `${kind}:3`,
        issuer,
      );
      const listed = await documents.documents(token);
      expect(listed.map(({ name, uri, documentHash }) => ({ name, uri, documentHash }))).toEqual([
        { name: 'Prospectus', uri: 'ipfs://b', documentHash: sha('v2') },
        { name: 'Terms', uri: 'ipfs://t', documentHash: sha('terms') },
      ]);
      expect(listed[0]!.lastModified.getTime()).toBeGreaterThan(0);

      // Every version stays in the events.
      const updates = await Promise.all(
        [first, replaced].map(async (hash) =>
          parseEventLogs({
            abi: assetToken20Abi,
            eventName: 'DocumentUpdated',
            logs: (await chain.publicClient.getTransactionReceipt({ hash })).logs,
          }).map(({ args }) => args),
        ),
      );
      expect(updates).toEqual([
        [{ _name: documentName('Prospectus'), _uri: 'ipfs://a', _documentHash: sha('v1') }],
        [{ _name: documentName('Prospectus'), _uri: 'ipfs://b', _documentHash: sha('v2') }],
      ]);

      const removed = await documents.removeDocument(token, 'Prospectus', `${kind}:4`, issuer);
      const removal = parseEventLogs({
        abi: assetToken20Abi,
        eventName: 'DocumentRemoved',
        logs: (await chain.publicClient.getTransactionReceipt({ hash: removed })).logs,
      });
      expect(removal.map(({ args }) => args)).toEqual([
        { _name: documentName('Prospectus'), _uri: 'ipfs://b', _documentHash: sha('v2') },
      ]);
      expect((await documents.documents(token)).map(({ name }) => name)).toEqual(['Terms']);

      const refused = (promise: Promise<unknown>) =>
        promise.then(
          () => undefined,
          (error: unknown) => (error instanceof ChainSendError ? error.errorName : error),
        );
      expect(
        await refused(documents.setDocument(token, 'Terms', 'ipfs://x', sha('x'), `${kind}:5`, stranger)),
      ).toBe('NotTokenAdmin');
      expect(await refused(documents.removeDocument(token, 'Terms', `${kind}:6`, stranger))).toBe(
        'NotTokenAdmin',
      );
      expect(await refused(documents.removeDocument(token, 'Prospectus', `${kind}:7`, issuer))).toBe(
        'DocumentNotFound',
      );
      expect((await documents.documents(token)).map(({ name }) => name)).toEqual(['Terms']);
    },
  );
});
