import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUnits } from '@portal/shared/money';
import { AppButton } from '../../../components/AppButton';
import { SendDialog } from './SendDialog';

/** The kinds of token the portal can send (ADR 76): Ethereum ERC-20, ERC-1155 and ERC-721. */
const SENDABLE = new Set(['ERC20', 'ERC1155', 'ERC721']);

/** 'Send' on a holding's card (ADR 76): opens the dialog with what is free to send. */
export function SendButton({
  token,
  balance,
  frozen,
}: {
  token: { id: string; symbol: string; decimals: number; tokenType: string; blockchain: string };
  /** Base units held and frozen, from the books. */
  balance: string;
  frozen: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const free = BigInt(balance) - BigInt(frozen);
  if (token.blockchain !== 'ethereum' || !SENDABLE.has(token.tokenType) || free <= 0n) return null;
  return (
    <>
      <AppButton
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={t('transfers.sendOf', { symbol: token.symbol })}
        data-testid="transfer-open"
      >
        {t('transfers.send')}
      </AppButton>
      {open && (
        <SendDialog token={token} free={formatUnits(free, token.decimals)} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
