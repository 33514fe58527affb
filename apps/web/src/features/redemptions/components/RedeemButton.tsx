import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUnits } from '@portal/shared/money';
import { AppButton } from '../../../components/AppButton';
import { formatDate } from '../../../lib/format';
import { useMyRedemptions } from '../api/redemptions';
import { RedeemDialog } from './RedeemDialog';

/**
 * The entry point on a holding's card (ADR 72): shown only while the issuer has a redemption
 * window open on the token; opens the dialog with what the holder may redeem.
 */
export function RedeemButton({
  token,
  balance,
  frozen,
}: {
  token: { id: string; symbol: string; decimals: number };
  /** Base units held and frozen, from the books. */
  balance: string;
  frozen: string;
}) {
  const { t, i18n } = useTranslation();
  const mine = useMyRedemptions();
  const [open, setOpen] = useState(false);
  const window = mine.data?.windows.find((candidate) => candidate.tokenId === token.id);
  if (!window) return null;
  const free = BigInt(balance) - BigInt(frozen);
  const whole = formatUnits((free > 0n ? free : 0n) / 10n ** BigInt(token.decimals), 0);
  return (
    <>
      <AppButton
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={t('redemptions.redeemOf', { symbol: token.symbol })}
        data-testid="redeem-open"
      >
        {t('redemptions.redeem', { date: formatDate(window.closesAt, i18n.language) })}
      </AppButton>
      {open && <RedeemDialog window={window} free={whole} onClose={() => setOpen(false)} />}
    </>
  );
}
