import { mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { bytesToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { CUSTODY_ASSET_IDS } from '@portal/shared/vault';
import { deriveWallets, seedFromEntropy, withEvmPrivateKey } from './hd-wallet.js';

const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const abandonSeed = () => seedFromEntropy(mnemonicToEntropy(ABANDON, wordlist));

describe('HD wallet derivation (published vectors for "abandon ×11 about")', () => {
  it('produces the BIP39 seed of the mnemonic', async () => {
    expect(bytesToHex(await abandonSeed())).toMatch(
      /^0x5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1/,
    );
  });

  it('derives account 0 of every chain to its published address', async () => {
    const wallets = deriveWallets(await abandonSeed(), 0, CUSTODY_ASSET_IDS);
    expect(wallets).toEqual([
      // m/44'/60'/0'/0/0, EIP-55 checksummed
      { assetId: 'ETH_TEST5', address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' },
      // m/84'/1'/0'/0/0, BIP84 testnet
      { assetId: 'BTC_TEST', address: 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl' },
      // m/44'/501'/0'/0', SLIP-10 ed25519
      { assetId: 'SOL_TEST', address: 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk' },
      // m/44'/144'/0'/0/0, classic address
      { assetId: 'XRP_TEST', address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3' },
      // m/44'/148'/0', SEP-0005 test 5
      { assetId: 'XLM_TEST', address: 'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX' },
    ]);
  });

  it('gives account 1 its own keys (SEP-0005 test 5, index 1)', async () => {
    const seed = await abandonSeed();
    const [xlm] = deriveWallets(seed, 1, ['XLM_TEST']);
    expect(xlm?.address).toBe('GDVSYYTUAJ3ACHTPQNSTQBDQ4LDHQCMNY4FCEQH5TJUMSSLWQSTG42MV');
    const zero = deriveWallets(seed, 0, CUSTODY_ASSET_IDS).map((w) => w.address);
    const one = deriveWallets(seed, 1, CUSTODY_ASSET_IDS).map((w) => w.address);
    for (const address of one) expect(zero).not.toContain(address);
  });

  it('matches SEP-0005 test 1 for another mnemonic', async () => {
    const entropy = mnemonicToEntropy(
      'illness spike retreat truth genius clock brain pass fit cave bargain toe',
      wordlist,
    );
    const seed = await seedFromEntropy(entropy);
    expect(deriveWallets(seed, 0, ['XLM_TEST'])[0]?.address).toBe(
      'GDRXE2BQUC3AZNPVFSCEZ76NJ3WWL25FYFK6RGZGIEKWE4SOOHSUJUJ6',
    );
  });

  it('lends out the ETH key of the account, the one other BIP44 wallets derive', async () => {
    const seed = await abandonSeed();
    const key = await withEvmPrivateKey(seed, 0, async (privateKey) => privateKey);
    // BIP44 ETH account 0 private key of the abandon mnemonic (as MetaMask/ethers derive it).
    expect(key).toBe('0x1ab42cc412b618bdea3a599e3c9bae199ebf030895b039e9db1e30dafb12b727');
  });

  it('refuses account indexes outside the hardened range', async () => {
    const seed = await abandonSeed();
    expect(() => deriveWallets(seed, -1, ['ETH_TEST5'])).toThrow(RangeError);
    expect(() => deriveWallets(seed, 2 ** 31, ['ETH_TEST5'])).toThrow(RangeError);
  });
});
