import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenActionView, TokenHolder } from '@portal/shared/compliance';
import { SectionCard } from '../../../components/SectionCard';
import { WideDialog } from '../../../components/WideDialog';
import { useMessage } from '../../../i18n/use-message';
import { countryName } from '../../../lib/country-name';
import { formatDateTime, shortenAddress } from '../../../lib/format';
import { HolderIdentity, holderLabel } from '../../register';
import { useTokenCompliance, type TokenCompliance } from '../api/compliance';
import { longDate } from '../api/eligibility-text';
import { HolderActionDialog, PauseDialog, type HolderActionKind } from './HolderDialogs';
import { RulesForm } from './RulesForm';

/**
 * Addresses, hashes and e-mail addresses read left to right in every language; the cell itself
 * keeps the page's direction, so it lines up with its column in Arabic.
 */
function Ltr({ children }: { children: ReactNode }) {
  return (
    <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
      {children}
    </Box>
  );
}

const STATUS_COLOR = { PENDING: 'warning', DONE: 'success', FAILED: 'error' } as const;

/** Where an action stands, in words (the colour only repeats them). */
function ActionStatus({ status }: { status: TokenActionView['status'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[status]}
      label={t(`compliance.statuses.${status}`)}
      data-testid="action-status"
    />
  );
}

function HoldersSection({
  data,
  symbol,
  onAct,
}: {
  data: TokenCompliance;
  symbol: string;
  onAct: (kind: HolderActionKind, holder: TokenHolder) => void;
}) {
  const { t, i18n } = useTranslation();
  const yesNo = (value: boolean) => t(value ? 'compliance.yes' : 'compliance.no');
  return (
    <SectionCard
      id={`${data.tokenId}-holders`}
      title={t('compliance.holders.title', { count: data.holderCount })}
      action={null}
      columns={[
        t('compliance.holders.holder'),
        t('compliance.holders.address'),
        t('compliance.holders.country'),
        t('compliance.holders.accredited'),
        t('compliance.holders.eligible'),
        t('compliance.holders.balance'),
        t('compliance.holders.frozen'),
        t('compliance.holders.lockedUntil'),
        t('compliance.holders.actions'),
      ]}
      loading={false}
      empty={
        data.holders.length === 0
          ? { icon: <GavelOutlined />, title: t('compliance.holders.empty') }
          : undefined
      }
    >
      {data.holders.map((holder) => (
        <TableRow key={holder.holderId} data-testid="holder-row">
          <TableCell component="th" scope="row">
            <HolderIdentity holder={holder} />
          </TableCell>
          <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} title={holder.address}>
            <Ltr>{shortenAddress(holder.address)}</Ltr>
          </TableCell>
          <TableCell>{holder.country ? countryName(holder.country, i18n.language) : '—'}</TableCell>
          <TableCell>{yesNo(holder.accredited)}</TableCell>
          <TableCell>{yesNo(holder.eligible)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {holder.balance} {symbol}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="holder-frozen">
            {holder.frozen} {symbol}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {holder.lockedUntil ? longDate(holder.lockedUntil, i18n.language) : '—'}
          </TableCell>
          <TableCell>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {(['freeze', 'forced-transfer', 'recover'] as const).map((kind) => (
                <Button
                  key={kind}
                  size="small"
                  variant="outlined"
                  onClick={() => onAct(kind, holder)}
                  aria-label={t(`compliance.holders.${kind}Of`, { holder: holderLabel(holder) })}
                >
                  {t(`compliance.holders.${kind}`)}
                </Button>
              ))}
            </Box>
          </TableCell>
        </TableRow>
      ))}
    </SectionCard>
  );
}

function ActionLog({ data }: { data: TokenCompliance }) {
  const { t, i18n } = useTranslation();
  return (
    <SectionCard
      id={`${data.tokenId}-log`}
      title={t('compliance.log.title')}
      action={null}
      columns={[
        t('compliance.log.action'),
        t('compliance.log.holder'),
        t('compliance.log.amount'),
        t('compliance.log.reason'),
        t('compliance.log.status'),
        t('compliance.log.transaction'),
        t('compliance.log.date'),
      ]}
      loading={false}
      empty={
        data.actions.length === 0
          ? { icon: <HistoryOutlined />, title: t('compliance.log.empty') }
          : undefined
      }
    >
      {data.actions.map((action) => (
        <TableRow key={action.id} data-testid="action-row">
          <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
            {t(`compliance.actions.${action.action}`)}
          </TableCell>
          <TableCell>
            {action.holderIdentityKey || action.holderName ? (
              <HolderIdentity holder={{ identityKey: action.holderIdentityKey, name: action.holderName }} />
            ) : (
              '—'
            )}
          </TableCell>
          <TableCell>{action.amount ?? '—'}</TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 260 }}>{action.reason}</TableCell>
          <TableCell>
            <ActionStatus status={action.status} />
          </TableCell>
          <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
            <Ltr>
              {action.txHash && action.explorerUrl ? (
                <Link
                  href={action.explorerUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('compliance.log.viewTransaction', { hash: action.txHash })}
                >
                  {shortenAddress(action.txHash)}
                </Link>
              ) : (
                (action.txHash && shortenAddress(action.txHash)) || '—'
              )}
            </Ltr>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(action.createdAt, i18n.language)}
          </TableCell>
        </TableRow>
      ))}
    </SectionCard>
  );
}

/**
 * A deployed token's compliance (docs/product.md §4.12): its rules, the pause switch, the
 * holders with their per-holder actions, and the log of every action with its transaction.
 * Actions are written on chain by a job; the panel follows them until they are done.
 */
export function CompliancePanel({
  token,
  onClose,
}: {
  token: { id: string; name: string; symbol: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const compliance = useTokenCompliance(token.id);
  const [pausing, setPausing] = useState(false);
  const [acting, setActing] = useState<{ kind: HolderActionKind; holder: TokenHolder }>();
  const data = compliance.data;
  const pending = data?.actions.some((action) => action.status === 'PENDING') ?? false;

  const body = () => {
    if (compliance.isError)
      return <Alert severity="error">{message(compliance.error.message) ?? compliance.error.message}</Alert>;
    if (!data)
      return (
        <Stack sx={{ gap: 2 }}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={56} />
          ))}
        </Stack>
      );
    return (
      <Stack sx={{ gap: 3 }}>
        {/* Always present, so each change of state is read out (WCAG 4.1.3). */}
        <Box role="status" aria-live="polite" data-testid="compliance-pending">
          {pending && <Alert severity="info">{t('compliance.pending')}</Alert>}
        </Box>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <FormControlLabel
            control={<Switch checked={data.paused} onChange={() => setPausing(true)} disabled={pending} />}
            label={t('compliance.pause.label')}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(data.paused ? 'compliance.pause.paused' : 'compliance.pause.trading')}
          </Typography>
        </Box>
        <RulesForm key={JSON.stringify(data.rules)} tokenId={token.id} rules={data.rules} pending={pending} />
        <HoldersSection
          data={data}
          symbol={token.symbol}
          onAct={(kind, holder) => setActing({ kind, holder })}
        />
        <ActionLog data={data} />
      </Stack>
    );
  };

  return (
    <>
      <WideDialog
        title={t('compliance.title', { name: token.name, symbol: token.symbol })}
        onClose={onClose}
        testId="compliance-panel"
      >
        {body()}
      </WideDialog>
      {pausing && data && (
        <PauseDialog tokenId={token.id} paused={data.paused} onClose={() => setPausing(false)} />
      )}
      {acting && data && (
        <HolderActionDialog
          tokenId={token.id}
          kind={acting.kind}
          holder={acting.holder}
          holders={data.holders}
          symbol={token.symbol}
          onClose={() => setActing(undefined)}
        />
      )}
    </>
  );
}
