import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_STATUSES, type KycStatus } from '@portal/shared/kyc';
import { formatDate } from '../../../lib/format';
import { countryName } from '../../../lib/country-name';

const mono = { fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all', fontSize: 13 } as const;

/**
 * One titled group of label/value pairs (or the `empty` text when it has none); values that are
 * identifiers read left to right.
 */
export function FactSection({
  title,
  empty,
  children,
}: {
  title: string;
  empty?: string;
  children?: ReactNode;
}) {
  return (
    <Box component="section">
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, marginBlockEnd: 1 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {empty}
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
            columnGap: 2.5,
            rowGap: { xs: 0.25, sm: 1 },
            margin: 0,
            '& dt': {
              color: 'text.secondary',
              fontSize: 13,
              fontWeight: 550,
              paddingBlockStart: { xs: 1, sm: 0 },
            },
            '& dd': { margin: 0, minWidth: 0 },
          }}
        >
          {children}
        </Box>
      )}
    </Box>
  );
}

export function Fact({ label, value, code = false }: { label: string; value: ReactNode; code?: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <Box component="dd" sx={code ? mono : { fontSize: 14.5 }}>
        {/* Identifiers read left to right inside a right-to-left page too. */}
        {code ? <span dir="ltr">{value}</span> : value}
      </Box>
    </>
  );
}

type Claims = Record<string, unknown>;

const isKycStatus = (value: unknown): value is KycStatus =>
  (KYC_STATUSES as readonly unknown[]).includes(value);

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

function issuerOf(credential: Claims): string | undefined {
  const { issuer } = credential;
  return text(issuer) ?? text((issuer as Claims | null | undefined)?.id);
}

/**
 * docs/product.md §3.3: basic information and credential subject, read defensively,
 * since the public verification page shows whatever document a visitor pasted.
 */
export function CredentialFacts({ credential }: { credential: Claims }) {
  const { t, i18n } = useTranslation();
  const subject = (credential.credentialSubject ?? {}) as Claims;
  const date = (value: unknown) => (text(value) ? formatDate(value as string, i18n.language) : '—');
  const types = Array.isArray(credential.type)
    ? credential.type.filter((type) => typeof type === 'string')
    : [];
  const kycStatus = text(subject.kycStatus);
  const country = text(subject.country);
  return (
    <>
      <FactSection title={t('credentials.basic')}>
        <Fact label={t('credentials.id')} value={text(credential.id) ?? '—'} code />
        <Fact label={t('credentials.issuer')} value={issuerOf(credential) ?? '—'} code />
        <Fact label={t('credentials.issued')} value={date(credential.issuanceDate)} />
        <Fact label={t('credentials.expires')} value={date(credential.expirationDate)} />
        <Fact label={t('credentials.types')} value={types.join(', ') || '—'} code />
      </FactSection>
      <FactSection title={t('credentials.subject')}>
        <Fact label={t('credentials.subjectId')} value={text(subject.id) ?? '—'} code />
        <Fact label={t('credentials.name')} value={text(subject.full_name) ?? '—'} />
        <Fact label={t('credentials.email')} value={text(subject.email) ?? '—'} code />
        <Fact
          label={t('credentials.kycStatus')}
          value={isKycStatus(kycStatus) ? t(`kycStatus.${kycStatus}`) : (kycStatus ?? '—')}
        />
        <Fact
          label={t('credentials.country')}
          value={country ? `${countryName(country, i18n.language)} (${country})` : '—'}
        />
      </FactSection>
    </>
  );
}
