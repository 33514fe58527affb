import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messages } from '@portal/shared/messages';
import { formatUnits, parseUnits } from '@portal/shared/money';
import { AppButton } from '../../../components/AppButton';
import { TextInput } from '../../../components/TextInput';
import { useMessage } from '../../../i18n/use-message';
import { useIssueHoldingCredential } from '../api/holding-credentials';

/** A token the investor holds, as the issue dialog offers it. */
export interface HeldToken {
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  /** Base units. */
  balance: string;
}

/**
 * 'Prove a holding' (ADR 74): a token, at least how much (never more than held now), and whether
 * to put the holder's DID in the credential. Submit stays disabled while the amount is invalid.
 */
export function IssueHoldingCredentialDialog({
  tokens,
  onClose,
}: {
  tokens: HeldToken[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const issue = useIssueHoldingCredential();
  const [tokenId, setTokenId] = useState(tokens[0]?.id ?? '');
  const [threshold, setThreshold] = useState('');
  const [discloseDid, setDiscloseDid] = useState(false);
  const token = tokens.find((candidate) => candidate.id === tokenId);

  const units = token && threshold ? parseUnits(threshold.trim(), token.decimals) : undefined;
  const problem = !token
    ? undefined
    : threshold === ''
      ? undefined
      : !units
        ? messages.holdingCredentialThresholdInvalid
        : units > BigInt(token.balance)
          ? messages.holdingCredentialAboveBalance
          : undefined;
  const busy = issue.isPending;
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('holdingCredentials.issueTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!token || !units || problem) return;
            issue.mutate({ tokenId, threshold: threshold.trim(), discloseDid }, { onSuccess: onClose });
          }}
          sx={{ gap: 2.5, paddingBlockStart: 1 }}
        >
          {issue.error && <Alert severity="error">{message(issue.error.message)}</Alert>}
          <Typography variant="body2" color="text.secondary">
            {t('holdingCredentials.issueDescription')}
          </Typography>
          <TextField
            select
            label={t('holdingCredentials.token')}
            value={tokenId}
            onChange={(event) => setTokenId(event.target.value)}
            disabled={busy}
            fullWidth
          >
            {tokens.map((held) => (
              <MenuItem key={held.id} value={held.id}>
                {`${held.name} (${held.symbol})`}
              </MenuItem>
            ))}
          </TextField>
          <TextInput
            label={t('holdingCredentials.threshold')}
            value={threshold}
            onChange={(event) => setThreshold(event.target.value)}
            inputMode="decimal"
            disabled={busy}
            required
            error={message(problem)}
            hint={
              token &&
              t('holdingCredentials.thresholdHint', {
                balance: formatUnits(BigInt(token.balance), token.decimals),
                symbol: token.symbol,
              })
            }
            slotProps={{ input: { dir: 'ltr' } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={discloseDid}
                onChange={(event) => setDiscloseDid(event.target.checked)}
                disabled={busy}
              />
            }
            label={t('holdingCredentials.discloseDid')}
          />
          <Typography variant="caption" color="text.secondary">
            {t('holdingCredentials.privacy')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <AppButton variant="ghost" onClick={close} disabled={busy}>
          {t('holdingCredentials.cancel')}
        </AppButton>
        <AppButton
          type="submit"
          form={`${titleId}-form`}
          loading={busy}
          disabled={!units || problem !== undefined}
        >
          {busy ? t('holdingCredentials.processing') : t('holdingCredentials.issue')}
        </AppButton>
      </DialogActions>
    </Dialog>
  );
}
