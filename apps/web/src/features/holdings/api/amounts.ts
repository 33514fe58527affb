import { formatUnits } from '@portal/shared/money';

/** Base units as whole tokens, exactly (docs/architecture.md: decimals only at the edges). */
export const tokens = (units: string, decimals: number): string => formatUnits(BigInt(units), decimals);

/** Wei as ETH, exactly. */
export const eth = (wei: string): string => formatUnits(BigInt(wei), 18);
