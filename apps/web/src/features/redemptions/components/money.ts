import { formatUnits } from '@portal/shared/money';
import type { RedemptionWindow } from '@portal/shared/redemptions';

/** A currency amount in base units as its decimal text and code, exactly ("0.002 ETH"). */
export const price = (units: string, window: Pick<RedemptionWindow, 'currency' | 'currencyDecimals'>) =>
  `${formatUnits(BigInt(units), window.currencyDecimals)} ${window.currency}`;
