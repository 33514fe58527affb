import { PORTAL_CONTEXT_PATH } from '@portal/shared/credentials';

export const portalContextUrl = (publicUrl: string) => `${publicUrl}${PORTAL_CONTEXT_PATH}`;

/**
 * The portal's JSON-LD context: it gives the credential subject's terms (docs/product.md §3.3) IRIs in the
 * portal's vocabulary, so they are covered by the RDF-canonicalized proof. `wallets` is a JSON
 * literal (asset name → address, keys kept verbatim); any other claim a feature adds (SBT, token
 * purchase) falls back to the vocabulary, so no term is ever dropped from what is signed.
 */
export function portalContext(publicUrl: string) {
  const vocabulary = `${portalContextUrl(publicUrl)}#`;
  return {
    '@context': {
      '@version': 1.1,
      '@protected': true,
      '@vocab': vocabulary,
      portal: vocabulary,
      SoulBoundTokenCredential: 'portal:SoulBoundTokenCredential',
      TokenPurchaseCredential: 'portal:TokenPurchaseCredential',
      DistributionCredential: 'portal:DistributionCredential',
      full_name: 'portal:full_name',
      email: 'portal:email',
      kycStatus: 'portal:kycStatus',
      country: 'portal:country',
      wallets: { '@id': 'portal:wallets', '@type': '@json' },
    },
  };
}
