import { useTranslation } from 'react-i18next';
import { DISTRIBUTION_CURRENCIES } from '@portal/shared/distributions';
import { formatUnits } from '@portal/shared/money';
import { Detail } from '../../../components/Detail';
import { useIncome } from '../api/distributions';

/** A holding card's "Income received" from the token's distributions, per currency (ADR 71). */
export function TokenIncome({ tokenId }: { tokenId: string }) {
  const { t } = useTranslation();
  const { data } = useIncome();
  const mine = data?.income.filter((row) => row.tokenId === tokenId) ?? [];
  if (mine.length === 0) return null;
  const sums = DISTRIBUTION_CURRENCIES.flatMap((currency) => {
    const rows = mine.filter((row) => row.currency === currency);
    if (rows.length === 0) return [];
    const amount = rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
    return [`${formatUnits(amount, rows[0]!.decimals)} ${currency}`];
  });
  return (
    <Detail term={t('distributions.incomeReceived')}>
      <span dir="ltr" data-testid="asset-income">
        {sums.join(' · ')}
      </span>
    </Detail>
  );
}
