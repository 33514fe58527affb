import ReceiptLong from '@mui/icons-material/ReceiptLong';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppButton } from '../../../components/AppButton';
import { StatementsDialog } from './StatementsDialog';

/** The 'Statements' action of My Assets: opens the period dialog. */
export function StatementsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <AppButton variant="outline" startIcon={<ReceiptLong />} onClick={() => setOpen(true)}>
        {t('statements.open')}
      </AppButton>
      {open && <StatementsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
