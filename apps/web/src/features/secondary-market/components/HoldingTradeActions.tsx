import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Holding } from '@portal/shared/holdings';
import { AppButton } from '../../../components/AppButton';
import { freeWholeTokens } from './free';
import { chainLabelKey } from '../../../lib/chain-label';
import { SellOrderDialog } from './SellOrderDialog';

/** The token kinds the secondary market serves (ADR 75); others are not offered 'Sell'. */
const TRADED = new Set(['ERC20', 'ERC1155']);

/**
 * A holding card's way to the secondary market (ADR 75): the token's page (order book, trades)
 * and 'Sell', which posts a sell order of what is free without leaving My Assets.
 */
export function HoldingTradeActions({ holding }: { holding: Holding }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { token } = holding;
  const free = freeWholeTokens(holding);
  const traded = chainLabelKey(token.blockchain) === 'ethereum' && TRADED.has(token.tokenType);
  return (
    <>
      <AppButton
        size="sm"
        variant="ghost"
        to={`/tokens/${token.id}`}
        aria-label={t('secondary.pageOf', { symbol: token.symbol })}
        data-testid="token-page-link"
      >
        {t('secondary.page.open')}
      </AppButton>
      {traded && free > 0n && (
        <AppButton
          size="sm"
          variant="outline"
          onClick={() => setOpen(true)}
          aria-label={t('secondary.sell.openOf', { symbol: token.symbol })}
          data-testid="holding-sell"
        >
          {t('secondary.sell.open')}
        </AppButton>
      )}
      {open && (
        <SellOrderDialog
          token={{ id: token.id, symbol: token.symbol }}
          free={free}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
