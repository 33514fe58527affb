import { useTranslation } from 'react-i18next';
import { WideDialog } from '../../../components/WideDialog';
import { RegisterTable } from './RegisterTable';

/** The issuer console's register of one of its tokens, over the token list. */
export function RegisterDialog({
  token,
  onClose,
}: {
  token: { id: string; name: string; symbol: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <WideDialog
      title={t('register.titleOf', { name: token.name, symbol: token.symbol })}
      onClose={onClose}
      testId="register-dialog"
    >
      <RegisterTable scope="issuer" tokenId={token.id} />
    </WideDialog>
  );
}
