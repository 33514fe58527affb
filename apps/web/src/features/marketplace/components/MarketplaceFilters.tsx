import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOKEN_TYPES } from '@portal/shared/chain-families';
import { MARKETPLACE_SORTS, MARKETPLACE_STATUS_FILTERS } from '@portal/shared/marketplace';
import type { MarketplaceFilters as Filters } from '../api/get-marketplace';

/** The server is asked once the user pauses typing, not on every key. */
export const SEARCH_DEBOUNCE_MS = 300;

/** docs/product.md §2.8: 'Search tokens...', Token Type, Status and Sort By. */
export function MarketplaceFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(filters.search);
  const [shown, setShown] = useState(filters.search);
  // The URL changed under the box (Clear Filters, back button): show what it says now.
  if (filters.search !== shown) {
    setShown(filters.search);
    setSearch(filters.search);
  }
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => {
      setShown(search);
      onChange({ search });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);

  const select = (
    label: string,
    value: string,
    options: { value: string; label: string }[],
    key: keyof Filters,
  ) => (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange({ [key]: event.target.value })}
      size="small"
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: { sm: 150 } }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );

  return (
    <Box
      role="search"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(220px, 1fr) auto auto auto' },
        '& > :first-of-type': { gridColumn: { xs: '1 / -1', md: 'auto' } },
      }}
    >
      <TextField
        type="search"
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('marketplace.search')}
        slotProps={{
          htmlInput: { 'aria-label': t('marketplace.search'), maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {select(
        t('marketplace.tokenType'),
        filters.tokenType,
        [
          { value: '', label: t('marketplace.all') },
          ...TOKEN_TYPES.map((type) => ({ value: type, label: type })),
        ],
        'tokenType',
      )}
      {select(
        t('marketplace.status'),
        filters.status,
        [
          { value: '', label: t('marketplace.all') },
          ...MARKETPLACE_STATUS_FILTERS.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
        ],
        'status',
      )}
      {select(
        t('marketplace.sortBy'),
        filters.sort,
        MARKETPLACE_SORTS.map((sort) => ({ value: sort, label: t(`marketplace.sorts.${sort}`) })),
        'sort',
      )}
    </Box>
  );
}
