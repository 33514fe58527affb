import { describe, expect, it } from 'vitest';
import type { User } from '@portal/shared/auth';
import { BUYER_DID, BUYER_ETH, BUYER_SOL, profileAnswer } from '../../../testing/market-samples';
import { buyerIdentity } from './buyer-identity';

const profile = profileAnswer().user as unknown as User;

describe('the buyer identity of docs/product.md §4.7', () => {
  it('takes the DID and the wallet on the token chain from the profile', () => {
    expect(buyerIdentity(profile, null, 'ethereum')).toEqual({ did: BUYER_DID, wallet: BUYER_ETH });
    expect(buyerIdentity(profile, null, 'sepolia')).toEqual({ did: BUYER_DID, wallet: BUYER_ETH });
    expect(buyerIdentity(profile, null, 'solana')).toEqual({ did: BUYER_DID, wallet: BUYER_SOL });
  });

  it('falls back to the first wallet when none is on the chain', () => {
    expect(buyerIdentity(profile, null, 'stellar').wallet).toBe('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
    expect(buyerIdentity(profile, null, 'polygon').wallet).toBe('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
  });

  it('without a profile, uses stored user data by chain (every spelling of docs/product.md §3.2)', () => {
    const stored = {
      didMetadata: { did: 'did:key:z6MkStored' },
      xrpWallet: 'rXRP',
      xlm_address: 'GXLM',
      eth_address: '0xE',
    };
    expect(buyerIdentity(undefined, stored, 'ripple')).toEqual({ did: 'did:key:z6MkStored', wallet: 'rXRP' });
    expect(buyerIdentity(undefined, stored, 'stellar').wallet).toBe('GXLM');
    expect(buyerIdentity(undefined, stored, 'ethereum').wallet).toBe('0xE');
    expect(buyerIdentity(undefined, { did: 'did:key:z6MkX' }, 'solana')).toEqual({
      did: 'did:key:z6MkX',
      wallet: '',
    });
    expect(buyerIdentity(undefined, null, 'ethereum')).toEqual({ did: '', wallet: '' });
  });

  it('a profile without a DID takes the stored one', () => {
    const noDid = { ...profile, did: null, didMetadata: null };
    expect(buyerIdentity(noDid, { did: 'did:key:z6MkStored' }, 'ethereum').did).toBe('did:key:z6MkStored');
  });
});
