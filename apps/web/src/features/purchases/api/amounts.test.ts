import { describe, expect, it } from 'vitest';
import { sampleListing } from '../../../testing/market-samples';
import { convertInput, purchaseAmounts, purchaseProblem, truncateDecimals } from './amounts';

const listing = sampleListing({ priceETH: '0.003', tokenAmount: '400' });
const identity = { did: 'did:key:z6Mk', wallet: '0xabc' };

describe('purchase amounts (docs/product.md §5, §9)', () => {
  it('tokens = ETH ÷ price to 6 decimals; ETH = tokens × price to 6 decimals', () => {
    const spl = sampleListing({
      priceETH: '0.003',
      token: { ...listing.token, tokenType: 'SPL', decimals: 9 },
    });
    expect(purchaseAmounts(spl, 'eth', '0.01')).toEqual({
      tokens: '3.333333',
      eth: '0.010000',
      percent: '0.333333',
    });
    // An ERC-20 escrow sells whole tokens.
    expect(purchaseAmounts(listing, 'eth', '0.01')).toEqual({
      tokens: '3',
      eth: '0.009000',
      percent: '0.300000',
    });
    expect(purchaseAmounts(listing, 'tokens', '25')).toEqual({
      tokens: '25',
      eth: '0.075000',
      percent: '2.500000',
    });
  });

  it('buying by ETH buys whole base units: an indivisible token is cut to whole tokens', () => {
    const items = sampleListing({
      priceETH: '0.003',
      token: { ...listing.token, decimals: 0, tokenType: 'ERC721' },
    });
    expect(purchaseAmounts(items, 'eth', '0.01').tokens).toBe('3');
    expect(truncateDecimals('3.999999', 2)).toBe('3.99');
    expect(truncateDecimals('3.000000', 6)).toBe('3');
  });

  it('switching "Purchase by" converts what was typed, both ways', () => {
    expect(convertInput(listing, 'tokens', '0.03')).toBe('10');
    expect(convertInput(listing, 'eth', '10')).toBe('0.03');
    expect(convertInput(listing, 'eth', '')).toBe('');
  });

  it('the rules in spec order, with their exact problems', () => {
    expect(purchaseProblem(listing, 'tokens', '', identity)).toEqual({ key: 'purchaseMissingInfo' });
    expect(purchaseProblem(listing, 'tokens', '5', { did: '', wallet: '0xabc' })).toEqual({
      key: 'purchaseMissingInfo',
    });
    expect(purchaseProblem(listing, 'tokens', '5', { did: 'did:key:z', wallet: '' })).toEqual({
      key: 'purchaseMissingInfo',
    });
    expect(purchaseProblem(listing, 'tokens', '0', identity)).toEqual({ key: 'purchaseAmountPositive' });
    expect(purchaseProblem(listing, 'tokens', '-3', identity)).toEqual({ key: 'purchaseAmountPositive' });
    expect(purchaseProblem(listing, 'eth', '0.000000001', identity)).toEqual({
      key: 'purchaseAmountPositive',
    });
    expect(purchaseProblem(listing, 'tokens', '401', identity)).toEqual({
      key: 'purchaseTooMany',
      tokenAmount: '400',
    });
    expect(purchaseProblem(listing, 'tokens', '400', identity)).toBeUndefined();
    // A direct sale has no listing limit here: the issuer's treasury is checked by the server.
    expect(
      purchaseProblem({ ...listing, escrowId: null, kind: 'direct' }, 'tokens', '401', identity),
    ).toBeUndefined();
    expect(purchaseProblem(listing, 'tokens', '2.5', identity)).toEqual({
      key: 'purchaseAmountPrecision',
      decimals: 0,
    });
    const direct = { ...listing, escrowId: null, kind: 'direct' as const };
    expect(purchaseProblem(direct, 'tokens', '2.5', identity)).toBeUndefined();
    const items = sampleListing({ token: { ...listing.token, tokenType: 'ERC1155', decimals: 0 } });
    expect(purchaseProblem(items, 'tokens', '1.5', identity)).toEqual({
      key: 'purchaseAmountPrecision',
      decimals: 0,
    });
    expect(purchaseProblem(items, 'tokens', '2.0', identity)).toBeUndefined();
  });
});
