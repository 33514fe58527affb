import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_STATUSES, type KycStatus } from '@portal/shared/kyc';
import { formatUnits } from '@portal/shared/money';
import { chainLabelKey } from '../../../lib/chain-label';
import { formatDate, formatPercent } from '../../../lib/format';
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
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography
        id={headingId}
        variant="subtitle2"
        component="h3"
        sx={{ fontWeight: 700, marginBlockEnd: 1 }}
      >
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

/** A purchase credential's claim (what the purchases module signs), when the document has one. */
export function purchaseClaim(credential: Claims): Claims | undefined {
  const claim = ((credential.credentialSubject ?? {}) as Claims).tokenPurchase;
  return claim && typeof claim === 'object' && !Array.isArray(claim) ? (claim as Claims) : undefined;
}

const wei = (value: unknown) => {
  const digits = text(value);
  return digits && /^\d{1,78}$/.test(digits) ? `${formatUnits(BigInt(digits), 18)} ETH` : '—';
};

/** A transaction hash, linked to its explorer page when the verification named one. */
function Transaction({ hash, links }: { hash: unknown; links: Record<string, string> }) {
  const value = text(hash);
  if (!value) return <>—</>;
  const url = links[value];
  return url ? (
    <Link href={url} target="_blank" rel="noopener noreferrer">
      {value}
    </Link>
  ) : (
    <>{value}</>
  );
}

/** docs/product.md §3.3, a purchase credential: what was bought, at what price, on which chain, and its transactions. */
function PurchaseFacts({ claim, links }: { claim: Claims; links: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const token = (claim.token ?? {}) as Claims;
  const name = text(token.name);
  const symbol = text(token.symbol) ?? '';
  const amount = text(claim.amount);
  const percent = text(claim.ownershipPercent);
  const items = Array.isArray(claim.itemIds) ? claim.itemIds.map(String) : [];
  return (
    <FactSection title={t('credentials.purchase.title')}>
      <Fact label={t('credentials.purchase.token')} value={name ? `${name} (${symbol})` : '—'} />
      <Fact label={t('credentials.purchase.tokenType')} value={text(token.tokenType) ?? '—'} />
      <Fact
        label={t('credentials.purchase.blockchain')}
        value={t(`chains.${chainLabelKey(text(claim.blockchain))}`)}
      />
      {text(token.contract) && (
        <Fact label={t('credentials.purchase.contract')} value={text(token.contract)} code />
      )}
      <Fact label={t('credentials.purchase.amount')} value={amount ? `${amount} ${symbol}` : '—'} />
      <Fact
        label={t('credentials.purchase.ownership')}
        value={percent ? formatPercent(percent, i18n.language) : '—'}
      />
      <Fact label={t('credentials.purchase.price')} value={wei(claim.priceWei)} />
      <Fact label={t('credentials.purchase.paid')} value={wei(claim.paidWei)} />
      <Fact
        label={t('credentials.purchase.payment')}
        value={<Transaction hash={claim.paymentTransaction} links={links} />}
        code
      />
      <Fact
        label={t('credentials.purchase.delivery')}
        value={<Transaction hash={claim.deliveryTransaction} links={links} />}
        code
      />
      <Fact label={t('credentials.purchase.deliveredTo')} value={text(claim.deliveredTo) ?? '—'} code />
      {items.length > 0 && <Fact label={t('credentials.purchase.items')} value={items.join(', ')} code />}
    </FactSection>
  );
}

/**
 * docs/product.md §3.3: basic information and credential subject, read defensively,
 * since the public verification page shows whatever document a visitor pasted. A purchase
 * credential names its holder by DID only and shows the purchase instead of identity claims.
 */
export function CredentialFacts({
  credential,
  links = {},
}: {
  credential: Claims;
  /** Explorer pages of the transactions it names, by hash (from its verification). */
  links?: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const subject = (credential.credentialSubject ?? {}) as Claims;
  const date = (value: unknown) => (text(value) ? formatDate(value as string, i18n.language) : '—');
  const types = Array.isArray(credential.type)
    ? credential.type.filter((type) => typeof type === 'string')
    : [];
  const kycStatus = text(subject.kycStatus);
  const country = text(subject.country);
  const purchase = purchaseClaim(credential);
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
        {!purchase && (
          <>
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
          </>
        )}
      </FactSection>
      {purchase && <PurchaseFacts claim={purchase} links={links} />}
    </>
  );
}
