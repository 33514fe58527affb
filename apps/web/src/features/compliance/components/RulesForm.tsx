import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_LOCKUP_DAYS, type TokenRules } from '@portal/shared/compliance';
import { AppButton } from '../../../components/AppButton';
import { useNotify } from '../../../components/Notifier';
import { TextInput } from '../../../components/TextInput';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { useComplianceAction } from '../api/compliance';
import { AMOUNT, compareDecimal } from '../api/decimal';
import { CountryPicker } from './CountryPicker';

/** The limits typed as text: empty means no limit. */
const AMOUNT_FIELDS = ['maxBalance', 'minPurchase', 'maxPurchase', 'supplyCap'] as const;
type Draft = Omit<TokenRules, 'maxHolders' | 'lockupDays'> & { maxHolders: string; lockupDays: string };
type Errors = Partial<Record<keyof TokenRules, string>>;

const draftOf = (rules: TokenRules): Draft => ({
  ...rules,
  maxHolders: rules.maxHolders === null ? '' : String(rules.maxHolders),
  lockupDays: rules.lockupDays === 0 ? '' : String(rules.lockupDays),
});

const WHOLE = /^\d+$/;

/**
 * The rules as the server takes them, or the reader's reasons why not; the same checks as the
 * server's (docs/product.md §4.12), said before sending.
 */
export function parseRules(draft: Draft, t: TFunction): { rules: TokenRules } | { errors: Errors } {
  const errors: Errors = {};
  const amounts: Partial<Record<(typeof AMOUNT_FIELDS)[number], string | null>> = {};
  for (const field of AMOUNT_FIELDS) {
    const text = (draft[field] ?? '').trim();
    if (text && !AMOUNT.test(text)) errors[field] = t('compliance.rules.amountInvalid');
    amounts[field] = text || null;
  }
  const holders = draft.maxHolders.trim();
  if (holders && (!WHOLE.test(holders) || Number(holders) < 1 || Number(holders) > 1_000_000))
    errors.maxHolders = t('compliance.rules.maxHoldersInvalid');
  const lockup = draft.lockupDays.trim();
  if (lockup && (!WHOLE.test(lockup) || Number(lockup) > MAX_LOCKUP_DAYS))
    errors.lockupDays = t('compliance.rules.lockupInvalid', { max: MAX_LOCKUP_DAYS });
  if (draft.allowedCountries.some((code) => draft.blockedCountries.includes(code)))
    errors.blockedCountries = t('messages.complianceCountryBothLists');
  const { minPurchase, maxPurchase } = amounts;
  if (!errors.minPurchase && !errors.maxPurchase && minPurchase && maxPurchase)
    if (compareDecimal(minPurchase, maxPurchase) > 0)
      errors.minPurchase = t('messages.complianceLimitsInverted');
  if (Object.keys(errors).length > 0) return { errors };
  return {
    rules: {
      allowedCountries: draft.allowedCountries,
      blockedCountries: draft.blockedCountries,
      accreditedOnly: draft.accreditedOnly,
      maxHolders: holders ? Number(holders) : null,
      maxBalance: amounts.maxBalance ?? null,
      minPurchase: amounts.minPurchase ?? null,
      maxPurchase: amounts.maxPurchase ?? null,
      lockupDays: lockup ? Number(lockup) : 0,
      supplyCap: amounts.supplyCap ?? null,
    },
  };
}

/**
 * A token's rules (docs/product.md §4.12): who may hold it and how much. Saving writes them on
 * chain through a job; the form waits while any action on the token is still pending.
 */
export function RulesForm({
  tokenId,
  rules,
  pending,
}: {
  tokenId: string;
  rules: TokenRules;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const save = useComplianceAction(tokenId);
  const [draft, setDraft] = useState(() => draftOf(rules));
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string>();
  const disabled = pending || save.isPending;

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = () => {
    setGeneral(undefined);
    const parsed = parseRules(draft, t);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { kind: 'rules', body: parsed.rules },
      {
        onSuccess: () => notify(t('compliance.rules.saved'), 'success'),
        onError: (error) => {
          if (error instanceof ApiError && error.fields) {
            const fields = error.fields;
            setErrors(Object.fromEntries(Object.entries(fields).map(([key, text]) => [key, message(text)])));
          } else setGeneral(message(error.message) ?? error.message);
        },
      },
    );
  };

  const amountInput = (field: (typeof AMOUNT_FIELDS)[number] | 'maxHolders' | 'lockupDays') => (
    <TextInput
      label={t(`compliance.rules.${field}`)}
      value={draft[field] ?? ''}
      onChange={(event) => set(field, event.target.value)}
      inputMode={field === 'maxHolders' || field === 'lockupDays' ? 'numeric' : 'decimal'}
      placeholder={t(field === 'lockupDays' ? 'compliance.rules.noLockup' : 'compliance.rules.noLimit')}
      autoComplete="off"
      disabled={disabled}
      error={errors[field]}
      name={field}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={`${tokenId}-rules`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      <Typography id={`${tokenId}-rules`} variant="h6" component="h3">
        {t('compliance.rules.title')}
      </Typography>
      {general && (
        <Typography role="alert" sx={{ color: 'error.main' }}>
          {general}
        </Typography>
      )}
      <CountryPicker
        label={t('compliance.rules.allowedCountries')}
        hint={t('compliance.rules.allowedHint')}
        value={draft.allowedCountries}
        onChange={(codes) => set('allowedCountries', codes)}
        error={errors.allowedCountries}
        disabled={disabled}
      />
      <CountryPicker
        label={t('compliance.rules.blockedCountries')}
        hint={t('compliance.rules.blockedHint')}
        value={draft.blockedCountries}
        onChange={(codes) => set('blockedCountries', codes)}
        error={errors.blockedCountries}
        disabled={disabled}
      />
      <FormControlLabel
        control={
          <Switch
            checked={draft.accreditedOnly}
            onChange={(event) => set('accreditedOnly', event.target.checked)}
            disabled={disabled}
          />
        }
        label={t('compliance.rules.accreditedOnly')}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
        }}
      >
        {amountInput('maxHolders')}
        {amountInput('maxBalance')}
        {amountInput('supplyCap')}
        {amountInput('minPurchase')}
        {amountInput('maxPurchase')}
        {amountInput('lockupDays')}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <AppButton type="submit" loading={save.isPending} disabled={pending}>
          {t('compliance.rules.save')}
        </AppButton>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('compliance.rules.emptyMeansNone')}
        </Typography>
      </Box>
    </Box>
  );
}
