/**
 * Cache keys several features share: a purchase reloads the marketplace and refreshes the assets
 * (docs/product.md §2.9) without the purchase code importing either feature.
 */
export const marketplaceQueryKey = ['marketplace'] as const;
export const assetsQueryKey = ['assets'] as const;
