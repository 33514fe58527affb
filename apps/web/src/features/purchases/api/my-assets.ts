import { useQuery } from '@tanstack/react-query';
import { messages } from '@portal/shared/messages';
import { MyAssetsResponseSchema, type InvestorAsset } from '@portal/shared/purchases';
import { api } from '../../../lib/api-client';
import { assetsQueryKey } from '../../../lib/query-keys';
import { settlingPollMs, usePurchaseEvents } from './purchase-events';

/** GET /api/token-purchases/my-assets (docs/product.md §7). */
export async function fetchMyAssets(): Promise<InvestorAsset[]> {
  const parsed = MyAssetsResponseSchema.safeParse(await api.get('/token-purchases/my-assets'));
  if (!parsed.success) throw new Error(messages.purchaseFailed);
  return parsed.data.assets;
}

const settled = (asset: InvestorAsset) => asset.status === 'COMPLETED' || asset.status === 'FAILED';

/** Without live events (bearer sessions), a settling purchase's card is asked about this often. */
export const ASSETS_POLL_MS = 3000;

export function useMyAssets() {
  usePurchaseEvents();
  return useQuery({
    queryKey: [...assetsQueryKey, 'mine'],
    queryFn: fetchMyAssets,
    refetchInterval: (query) => settlingPollMs(query.state.data?.every(settled) === false, ASSETS_POLL_MS),
  });
}
