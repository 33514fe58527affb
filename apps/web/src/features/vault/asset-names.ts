import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { assetChain } from '@portal/shared/vault';

/** Custody asset ids with a name of their own (docs/product.md §3.2: the ids created and the ids recognised). */
const NAMED_ASSETS = [
  'ETH',
  'ETH_TEST',
  'ETH_TEST3',
  'ETH_TEST4',
  'ETH_TEST5',
  'BTC',
  'BTC_TEST',
  'SOL',
  'SOL_TEST',
  'XRP',
  'XRP_TEST',
  'XLM',
  'XLM_TEST',
] as const;
type NamedAsset = (typeof NAMED_ASSETS)[number];

const isNamed = (assetId: string): assetId is NamedAsset =>
  (NAMED_ASSETS as readonly string[]).includes(assetId);

/**
 * A reader's name for a custody asset id ('ETH_TEST5' → 'Ethereum Sepolia (testnet)'); another id of
 * a known chain shows the chain with the id, anything else the id itself.
 */
export function useAssetName(): (assetId: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (assetId: string) => {
      if (isNamed(assetId)) return t(`vault.assets.${assetId}`);
      const chain = assetChain(assetId);
      return chain ? `${t(`chains.${chain}`)} (${assetId})` : assetId;
    },
    [t],
  );
}
