import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '@portal/shared/kyc-countries';
import { countryName } from '../../../lib/country-name';

/**
 * Countries chosen by their names in the reader's language (sorted in it), kept as the alpha-3
 * codes KYC reports and the rules store.
 */
export function CountryPicker({
  label,
  hint,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  hint: string;
  value: string[];
  onChange: (codes: string[]) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const options = useMemo(() => {
    const collator = new Intl.Collator(language);
    return Object.keys(COUNTRIES)
      .map((code) => ({ code, name: countryName(code, language) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [language]);
  const names = useMemo(() => new Map(options.map((option) => [option.code, option.name])), [options]);
  return (
    <Autocomplete
      multiple
      options={options.map((option) => option.code)}
      getOptionLabel={(code) => names.get(code) ?? code}
      value={value}
      onChange={(_event, codes) => onChange(codes)}
      disabled={disabled}
      filterSelectedOptions
      noOptionsText={t('compliance.rules.noCountry')}
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? hint} />
      )}
    />
  );
}
