import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@portal/shared/settings';
import {
  presetPeriod,
  STATEMENT_PRESETS,
  StatementQuerySchema,
  type StatementPreset,
} from '@portal/shared/statements';
import { AppButton } from '../../../components/AppButton';
import { TextInput } from '../../../components/TextInput';
import { useMessage } from '../../../i18n/use-message';
import { downloadStatement, type StatementFormat } from '../api/statements';

type Language = (typeof LANGUAGES)[number];
const languageOf = (code: string): Language =>
  (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : 'en';

/**
 * Statements (docs/product.md, "Statements"; ADR 74): a period, chosen by preset or by its first
 * and last day (UTC), downloaded as PDF (in the reader's language) or CSV.
 */
export function StatementsDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [preset, setPreset] = useState<StatementPreset | null>('this-month');
  const [period, setPeriod] = useState(() => presetPeriod('this-month', new Date()));
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  const parsed = StatementQuerySchema.safeParse(period);
  const invalid = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const choose = (next: StatementPreset | null) => {
    if (!next) return;
    setPreset(next);
    setPeriod(presetPeriod(next, new Date()));
  };
  const edit = (field: 'from' | 'to', value: string) => {
    setPreset(null);
    setPeriod((current) => ({ ...current, [field]: value }));
  };
  const download = async (format: StatementFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadStatement(format, { ...period, lang: languageOf(i18n.language) });
    } catch (failure) {
      setError(message((failure as Error).message) ?? null);
    } finally {
      setBusy(null);
    }
  };
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog
      open
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={titleId}
      data-testid="statements-dialog"
    >
      <DialogTitle id={titleId}>{t('statements.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack sx={{ gap: 2.5, paddingBlockStart: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <Typography variant="body2" color="text.secondary">
            {t('statements.description')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={preset}
            onChange={(_, next: StatementPreset | null) => choose(next)}
            aria-label={t('statements.presets')}
            sx={{ flexWrap: 'wrap' }}
            disabled={busy !== null}
          >
            {STATEMENT_PRESETS.map((name) => (
              <ToggleButton key={name} value={name}>
                {t(`statements.preset.${name}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <TextInput
              label={t('statements.from')}
              type="date"
              value={period.from}
              onChange={(event) => edit('from', event.target.value)}
              disabled={busy !== null}
              required
            />
            <TextInput
              label={t('statements.to')}
              type="date"
              value={period.to}
              onChange={(event) => edit('to', event.target.value)}
              disabled={busy !== null}
              error={invalid && message(invalid)}
              required
            />
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('statements.utc')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <AppButton variant="ghost" onClick={close} disabled={busy !== null}>
          {t('statements.cancel')}
        </AppButton>
        {(['csv', 'pdf'] as const).map((format) => (
          <AppButton
            key={format}
            variant={format === 'pdf' ? undefined : 'outline'}
            onClick={() => void download(format)}
            disabled={invalid !== undefined || (busy !== null && busy !== format)}
            loading={busy === format}
            data-testid={`statement-${format}`}
          >
            {busy === format ? t('statements.processing') : t(`statements.download.${format}`)}
          </AppButton>
        ))}
      </DialogActions>
    </Dialog>
  );
}
