/** A signed credential as the portal issues it (shape only; the proof is not checked here). */
export const sampleCredential = {
  '@context': ['https://www.w3.org/2018/credentials/v1'],
  id: 'urn:uuid:7d1f',
  type: ['VerifiableCredential', 'SoulBoundTokenCredential'],
  issuer: 'did:key:z6MkIssuer',
  issuanceDate: '2026-11-21T10:00:03Z',
  expirationDate: '2027-11-21T10:00:03Z',
  credentialSubject: {
    id: 'did:key:z6MkInvestor',
    full_name: 'Ada Lovelace',
    email: 'ada@example.com',
    kycStatus: 'verified',
    country: 'GBR',
    wallets: { Ethereum: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' },
  },
  proof: { type: 'DataIntegrityProof', proofValue: 'z3' },
};

export const PAYMENT_TX = `0x${'ab'.repeat(32)}`;
export const DELIVERY_SIGNATURE =
  '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi1j3gVh7Rq6LVLbpPtGzz6Cd4QoGkkzVw6xD1TsmbPGp9N';

/** A purchase credential as the purchases module signs it: an SPL token delivered on Solana. */
export const samplePurchaseCredential = {
  ...sampleCredential,
  id: 'urn:uuid:9e2a',
  type: ['VerifiableCredential', 'TokenPurchaseCredential'],
  credentialSubject: {
    id: 'did:key:z6MkInvestor',
    tokenPurchase: {
      purchaseId: '0b5c8d1e-8a8e-4d0e-9d59-3c1f2a4b5c6d',
      token: {
        name: 'Startup Equity Pool',
        symbol: 'SEQP',
        tokenType: 'SPL',
        contract: 'So1anaMint1111111111111111111111111111111',
      },
      blockchain: 'solana',
      amount: '2',
      ownershipPercent: '0.002000',
      priceWei: '1500000000000000',
      paidWei: '3000000000000000',
      paymentTransaction: PAYMENT_TX,
      deliveryTransaction: DELIVERY_SIGNATURE,
      deliveredTo: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    },
  },
};

/** An answer of POST /api/credentials/verify for the sample credentials. */
export const verifyAnswer = (verified: boolean, extra: Record<string, unknown> = {}) => ({
  success: true,
  verified,
  revoked: false,
  trustedIssuer: verified,
  issuerIsPortal: verified,
  issuer: sampleCredential.issuer,
  explorerLinks: {},
  errors: [],
  ...extra,
});
