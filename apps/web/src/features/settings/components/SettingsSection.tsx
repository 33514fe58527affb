import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One titled block of a settings tab; `comingSoon` marks controls the portal cannot act on yet. */
export function SettingsSection({
  title,
  description,
  comingSoon = false,
  children,
}: {
  title: string;
  description?: string;
  comingSoon?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent sx={{ padding: { xs: 2.5, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, marginBlockEnd: description ? 0.5 : 2 }}>
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
          {comingSoon && <Chip size="small" label={t('comingSoon.title')} variant="outlined" />}
        </Box>
        {description && (
          <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockEnd: 2.5 }}>
            {description}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** A row with a label (and hint) on one side and its control on the other. */
export function SettingRow({ label, hint, control }: { label: string; hint?: string; control: ReactNode }) {
  return (
    // The control moves under its label when both do not fit (phones, longer languages).
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        paddingBlock: 1.25,
      }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 550 }}>{label}</Typography>
        {hint && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {hint}
          </Typography>
        )}
      </Box>
      {control}
    </Box>
  );
}
