import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

export function TabLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', paddingBlock: 10 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
