import { randomBytes, randomUUID } from 'node:crypto';
import { getAddress, keccak256, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { VaultRepo } from '../vault/vault.repo.js';
import { VaultService } from '../vault/vault.service.js';
import { TestClock } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';
import { LocalCustody } from '../../providers/custody/custody.local.js';
import { AssetContracts, paymentRef, type AssetTokenParams } from './asset-contracts.js';
import type { ChainPort, EvmSigner } from '../../providers/chain/chain.js';
import { ChainSendsRepo } from '../../providers/chain/chain-sends.repo.js';
import { KeyedSender } from './keyed-sender.js';
import { ComplianceContracts } from './compliance-contracts.js';
import { embeddedChainOn, sendOutcome } from '../../providers/chain/testing/test-chain.js';

describe('AssetContracts, signed by custodial vaults through the keyed sender', () => {
  const clock = new TestClock();
  const PRICE = 10n ** 12n;
  let database: Database;
  let chain: ChainPort;
  let assets: AssetContracts;
  let issuer: EvmSigner;
  let investor: EvmSigner;
  const deadline = () => new Date(clock.now().getTime() + 365 * 86_400_000);
  const params = (overrides: Partial<AssetTokenParams> = {}): AssetTokenParams => ({
    name: 'Harbour Bond',
    symbol: 'HBD',
    decimals: 6,
    supply: 1_000n * 10n ** 6n,
    treasury: issuer.address,
    baseUri: 'http://portal.test/api/tokens/t/items/',
    ...overrides,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ chain } = await embeddedChainOn(database, clock).open());
    const sender = new KeyedSender(chain, new ChainSendsRepo(database.db));
    assets = new AssetContracts(chain, sender);
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
        .values({ email: `${randomUUID()}@example.com`, name: 'Vault', passwordHash: 'x', role: 'investor' })
        .returning();
      await vaults.create(user!.id, {});
      return vaults.evmSigner(user!.id);
    };
    issuer = await vaultOf();
    investor = await vaultOf();
    // Asset tokens are compliant: only a verified investor may receive them.
    const registry = new ComplianceContracts(chain, sender);
    const id = keccak256(investor.address);
    await registry.setIdentity(
      id,
      { country: 'FRA', validUntil: deadline(), accredited: false },
      'id:investor',
    );
    await registry.addWallet(investor.address, id, 'id:investor:wallet');
  });
  afterAll(async () => {
    await chain.close();
    await database.close();
  });

  it('ERC-20: deploys from the issuer vault once per key, lists whole tokens, sells, cancels', async () => {
    const deployed = await assets.deployAssetToken('ERC20', params(), 'token:erc20:deploy', issuer);
    expect(await assets.deployAssetToken('ERC20', params(), 'token:erc20:deploy', issuer)).toEqual(deployed);
    const token = deployed.address;
    expect(await assets.balanceOf('ERC20', token, issuer.address)).toBe(1_000n * 10n ** 6n);

    const listing = {
      kind: 'ERC20' as const,
      token,
      amount: 100n,
      unit: 10n ** 6n,
      price: PRICE,
      deadline: deadline(),
    };
    const { listingId } = await assets.createListing(listing, 'listing:erc20', issuer);
    expect(await assets.createListing(listing, 'listing:erc20', issuer)).toMatchObject({ listingId });
    expect(await assets.listing(listingId)).toMatchObject({
      seller: issuer.address,
      token,
      kind: 'ERC20',
      amount: 100n,
      remaining: 100n,
      price: PRICE,
    });

    const issuerEth = await chain.publicClient.getBalance({ address: issuer.address });
    const bought = await assets.buy(
      { listingId, amount: 5n, recipient: investor.address },
      'purchase:p1:pay',
      investor,
    );
    expect(bought).toMatchObject({ paid: 5n * PRICE, itemIds: [] });
    expect(
      await assets.buy({ listingId, amount: 5n, recipient: investor.address }, 'purchase:p1:pay', investor),
    ).toEqual(bought);
    expect(await assets.balanceOf('ERC20', token, investor.address)).toBe(5n * 10n ** 6n);
    expect(await chain.publicClient.getBalance({ address: issuer.address })).toBe(issuerEth + 5n * PRICE);
    expect((await assets.listing(listingId)).remaining).toBe(95n);

    expect(
      await sendOutcome(
        assets.buy({ listingId, amount: 96n, recipient: investor.address }, 'purchase:p2:pay', investor),
      ),
    ).toBe('REVERTED:InsufficientTokens');

    expect(await assets.cancelListing(listingId, 'listing:erc20:cancel', issuer)).toMatchObject({
      returned: 95n,
    });
    expect(await assets.balanceOf('ERC20', token, issuer.address)).toBe(995n * 10n ** 6n);
    expect(
      await sendOutcome(
        assets.buy({ listingId, amount: 1n, recipient: investor.address }, 'purchase:p3:pay', investor),
      ),
    ).toBe('REVERTED:ListingClosed');
  });

  it('ERC-721: lists chosen items and reports which ones each purchase delivered', async () => {
    const { address: token } = await assets.deployAssetToken(
      'ERC721',
      params({ supply: 10n }),
      'token:erc721',
      issuer,
    );
    const { listingId } = await assets.createListing(
      { kind: 'ERC721', token, amount: 3n, itemIds: [1n, 2n, 3n], price: PRICE, deadline: deadline() },
      'listing:erc721',
      issuer,
    );
    const bought = await assets.buy(
      { listingId, amount: 2n, recipient: investor.address },
      'purchase:p4:pay',
      investor,
    );
    expect(bought.itemIds).toEqual([1n, 2n]);
    expect(await assets.ownerOf(token, 2n)).toBe(investor.address);
    expect(await assets.nextItemIds(listingId, 1n)).toEqual([3n]);
    expect(await assets.balanceOf('ERC721', token, investor.address)).toBe(2n);
  });

  it('ERC-1155: sells the fungible id; a buyer without enough ETH is told so before anything is signed', async () => {
    const { address: token } = await assets.deployAssetToken(
      'ERC1155',
      params({ supply: 500n }),
      'token:erc1155',
      issuer,
    );
    const { listingId } = await assets.createListing(
      { kind: 'ERC1155', token, amount: 50n, price: PRICE, deadline: deadline() },
      'listing:erc1155',
      issuer,
    );
    await assets.buy({ listingId, amount: 3n, recipient: investor.address }, 'purchase:p5:pay', investor);
    expect(await assets.balanceOf('ERC1155', token, investor.address)).toBe(3n);

    const { listingId: dear } = await assets.createListing(
      { kind: 'ERC1155', token, amount: 5n, price: parseEther('100'), deadline: deadline() },
      'listing:erc1155:dear',
      issuer,
    );
    expect(
      await sendOutcome(
        assets.buy({ listingId: dear, amount: 1n, recipient: investor.address }, 'purchase:p6:pay', investor),
      ),
    ).toBe('INSUFFICIENT_FUNDS');
  });

  it('PaymentRecorder: records a payment once per reference and reads it back', async () => {
    const ref = paymentRef('purchase:p7');
    expect(await assets.paid(ref)).toBe(false);
    const payment = { ref, payee: issuer.address, amount: 1_000n };
    const first = await assets.recordPayment(payment, 'purchase:p7:pay', investor);
    expect(await assets.recordPayment(payment, 'purchase:p7:pay', investor)).toEqual(first);
    expect(await assets.paid(ref)).toBe(true);
    expect(await assets.payment(ref)).toEqual({
      payer: investor.address,
      payee: issuer.address,
      amount: 1_000n,
    });
    expect(await sendOutcome(assets.recordPayment(payment, 'purchase:p7:pay-again', investor))).toBe(
      'REVERTED:AlreadyPaid',
    );
    expect(await assets.payment(paymentRef('purchase:none'))).toBeUndefined();
  });
});
