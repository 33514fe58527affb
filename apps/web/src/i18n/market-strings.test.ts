import { describe, expect, it } from 'vitest';
import en from './en.json';

describe('marketplace, purchase and assets texts of docs/product.md §2.8–§2.10, §5', () => {
  it('English holds them exactly', () => {
    expect(en.marketplace).toMatchObject({
      title: 'Token Marketplace',
      refresh: 'Refresh',
      search: 'Search tokens...',
      tokenType: 'Token Type',
      status: 'Status',
      sortBy: 'Sort By',
      all: 'All',
      found: '{{count}} tokens found',
      invest: 'Invest',
      unknownIssuer: 'Unknown',
      emptyTitle: 'No Tokens Available',
      clearFilters: 'Clear Filters',
    });
    expect(en.marketplace.summary).toEqual({
      totalTokens: 'Total Tokens',
      available: 'Available for Investment',
      issuers: 'Active Issuers',
      totalValue: 'Total Value',
    });
    expect(en.marketplace.columns).toMatchObject({
      name: 'Name',
      symbol: 'Symbol',
      type: 'Type',
      issuer: 'Issuer',
      blockchain: 'Blockchain',
      status: 'Status',
      created: 'Created',
      actions: 'Actions',
    });
    expect(en.chains).toMatchObject({
      ethereum: 'Ethereum',
      solana: 'Solana',
      ripple: 'Ripple',
      stellar: 'Stellar',
      unknown: 'Unknown',
    });
    expect(en.purchase).toMatchObject({
      title: 'Purchase {{name}} ({{symbol}})',
      notAvailable: 'N/A',
      missingSetup:
        'Please configure your DID and {{chain}} wallet in your profile before purchasing tokens.',
      purchaseBy: 'Purchase by',
      byEth: 'Amount (ETH)',
      byTokens: 'Tokens ({{symbol}})',
      cancel: 'Cancel',
      submit: 'Purchase Tokens',
      processing: 'Processing...',
      pending: 'Pending...',
    });
    expect(en.marketplace.details.notDeployed).toBe('Not deployed');
    expect(en.purchase.success.ipfs).toBe('View on IPFS');
    expect(en.assets).toMatchObject({
      title: 'My Assets',
      refresh: 'Refresh',
      viewCredential: 'View Verifiable Credential',
      emptyTitle: 'No Assets Yet',
      goToMarketplace: 'Go to Marketplace',
    });
  });
});
