import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUnits } from '@portal/shared/money';
import type { Register } from '@portal/shared/register';
import { AppButton } from '../../../components/AppButton';
import { Detail } from '../../../components/Detail';
import { useNotify } from '../../../components/Notifier';
import { SectionCard } from '../../../components/SectionCard';
import { useMessage } from '../../../i18n/use-message';
import { formatDate, formatDateTime, formatPercent } from '../../../lib/format';
import { downloadRegisterCsv, useRegister, type RegisterScope } from '../api/register';
import { HolderIdentity, holderLabel } from './HolderIdentity';

const units = (value: string, decimals: number) => formatUnits(BigInt(value), decimals);
/** Amounts and keys read left to right in every language. */
const ltr = { dir: 'ltr' as const, style: { fontVariantNumeric: 'tabular-nums' } };

function Totals({ register }: { register: Register }) {
  const { t } = useTranslation();
  const { decimals, symbol } = register.token;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
        gap: 2,
        margin: 0,
      }}
    >
      <Detail term={t('register.holders')}>
        <span {...ltr}>{register.holderCount}</span>
      </Detail>
      <Detail term={t('register.circulating')}>
        <span {...ltr}>{units(register.circulating, decimals)}</span> {symbol}
      </Detail>
      <Detail term={t('register.treasury')}>
        <span {...ltr}>{units(register.treasury, decimals)}</span> {symbol}
      </Detail>
      <Detail term={t('register.supply')}>
        <span {...ltr}>{units(register.token.totalSupply, decimals)}</span> {symbol}
      </Detail>
    </Box>
  );
}

/**
 * The register of holders of one token (docs/product.md, ADR 69): totals, one row per verified
 * identity with exact shares, each row's purchases on demand, and the CSV the server builds.
 */
export function RegisterTable({ scope, tokenId }: { scope: RegisterScope; tokenId: string }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const query = useRegister(scope, tokenId);
  const [open, setOpen] = useState<string>();
  const [downloading, setDownloading] = useState(false);
  const register = query.data;
  const language = i18n.language;
  const columns = [
    t('register.holder'),
    t('register.balance'),
    t('register.percentOfSupply'),
    t('register.percentOfCirculating'),
    t('register.frozen'),
    t('register.lockedUntil'),
    t('register.firstAcquired'),
    t('register.lastAcquired'),
    t('register.acquisitions'),
  ];
  const download = async () => {
    if (!register) return;
    setDownloading(true);
    try {
      await downloadRegisterCsv(scope, register);
    } catch {
      notify(t('register.downloadFailed'), 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack sx={{ gap: 2 }} data-testid="register">
      {register && <Totals register={register} />}
      <SectionCard
        id={`register-${tokenId}`}
        title={t('register.title')}
        action={
          <AppButton
            size="sm"
            variant="outline"
            startIcon={<DownloadOutlined />}
            loading={downloading}
            disabled={!register}
            onClick={() => void download()}
            data-testid="register-csv"
          >
            {t('register.download')}
          </AppButton>
        }
        columns={columns}
        loading={query.isPending}
        problem={query.isError && <Alert severity="error">{message(query.error.message)}</Alert>}
        empty={
          register?.holders.length === 0
            ? {
                icon: <GroupsOutlined />,
                title: t('register.emptyTitle'),
                description: t('register.emptyDescription'),
              }
            : undefined
        }
      >
        {register?.holders.map((holder, index) => {
          const id = holder.identityKey ?? `row-${index}`;
          const expanded = open === id;
          const { decimals } = register.token;
          const who = holderLabel(holder) ?? String(index + 1);
          return (
            <Fragment key={id}>
              <TableRow data-testid="register-row">
                <TableCell component="th" scope="row">
                  <HolderIdentity holder={holder} />
                </TableCell>
                <TableCell>
                  <span {...ltr}>{units(holder.balance, decimals)}</span>
                </TableCell>
                <TableCell>{formatPercent(holder.percentOfSupply, language)}</TableCell>
                <TableCell>{formatPercent(holder.percentOfCirculating, language)}</TableCell>
                <TableCell>
                  <span {...ltr}>{units(holder.frozen, decimals)}</span>
                </TableCell>
                <TableCell>
                  {holder.lockedUntil ? formatDateTime(holder.lockedUntil, language) : '—'}
                </TableCell>
                <TableCell>
                  {holder.firstAcquiredAt ? formatDate(holder.firstAcquiredAt, language) : '—'}
                </TableCell>
                <TableCell>
                  {holder.lastAcquiredAt ? formatDate(holder.lastAcquiredAt, language) : '—'}
                </TableCell>
                <TableCell>
                  {holder.acquisitionCount > 0 ? (
                    <AppButton
                      size="sm"
                      variant="ghost"
                      aria-expanded={expanded}
                      aria-controls={`register-acquisitions-${index}`}
                      aria-label={t(expanded ? 'register.hideAcquisitions' : 'register.showAcquisitions', {
                        n: holder.acquisitionCount,
                        holder: who,
                      })}
                      onClick={() => setOpen(expanded ? undefined : id)}
                    >
                      {holder.acquisitionCount}
                    </AppButton>
                  ) : (
                    '0'
                  )}
                </TableCell>
              </TableRow>
              {expanded && (
                <TableRow id={`register-acquisitions-${index}`} data-testid="register-acquisitions">
                  <TableCell colSpan={columns.length}>
                    <Box
                      component="ul"
                      sx={{ margin: 0, paddingInlineStart: 2.5 }}
                      aria-label={t('register.acquisitionsOf', { holder: who })}
                    >
                      {holder.acquisitions.map((purchase) => (
                        <Box component="li" key={purchase.id} sx={{ paddingBlock: 0.25 }}>
                          {formatDateTime(purchase.at, language)} ·{' '}
                          <span {...ltr}>{units(purchase.amount, decimals)}</span> {register.token.symbol}
                          {purchase.transactionHash && (
                            <>
                              {' · '}
                              <Box
                                component="span"
                                dir="ltr"
                                sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                              >
                                {purchase.transactionHash}
                              </Box>
                            </>
                          )}
                        </Box>
                      ))}
                    </Box>
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          );
        })}
      </SectionCard>
      {register && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(register.namesShown === 'all' ? 'register.namesAll' : 'register.namesConsented')}
        </Typography>
      )}
    </Stack>
  );
}
