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
