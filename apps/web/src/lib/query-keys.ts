/**
 * Cache keys several features share: a purchase reloads the marketplace and refreshes the assets
 * (spec §4) without the purchase code importing either feature.
 */
export const marketplaceQueryKey = ['marketplace'] as const;
export const assetsQueryKey = ['assets'] as const;
