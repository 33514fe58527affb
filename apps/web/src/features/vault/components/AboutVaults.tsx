import HubOutlined from '@mui/icons-material/HubOutlined';
import LocalGasStationOutlined from '@mui/icons-material/LocalGasStationOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustodyProvider } from '@portal/shared/vault';

function Point({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5 }}>
      <Box sx={{ color: 'primary.main', display: 'flex', paddingBlockStart: 0.25 }}>{icon}</Box>
      <Box>
        <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{title}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {text}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * docs/product.md §2.5, 'About Vaults': key security, auto-fuel and multi-blockchain support. The
 * security point describes the active custody provider as it is: the Fireblocks policy engine
 * (multi-party signing), or local HD keys encrypted on this server (one key signs; no multi-signature).
 * Nothing is claimed before the provider is known.
 */
export function AboutVaults({ provider }: { provider: CustodyProvider | undefined }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader title={t('vault.about.title')} slotProps={{ title: { variant: 'h6', component: 'h3' } }} />
      <Divider />
      <CardContent
        component="ul"
        sx={{
          margin: 0,
          paddingInlineStart: 2,
          listStyle: 'none',
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
        }}
      >
        {provider && (
          <Point
            icon={<ShieldOutlined fontSize="small" />}
            title={t(`vault.about.security.${provider}.title`)}
            text={t(`vault.about.security.${provider}.text`)}
          />
        )}
        <Point
          icon={<LocalGasStationOutlined fontSize="small" />}
          title={t('vault.about.autoFuel')}
          text={t('vault.about.autoFuelText')}
        />
        <Point
          icon={<HubOutlined fontSize="small" />}
          title={t('vault.about.multiChain')}
          text={t('vault.about.multiChainText')}
        />
      </CardContent>
    </Card>
  );
}
