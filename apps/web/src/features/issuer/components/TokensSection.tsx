import Add from '@mui/icons-material/Add';
import TokenOutlined from '@mui/icons-material/TokenOutlined';
import Alert from '@mui/material/Alert';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssuerToken } from '@portal/shared/issuer';
import { AppButton } from '../../../components/AppButton';
import { ExplorerIconLink } from '../../../components/ExplorerIconLink';
import { StatusChip, listingStatusColor } from '../../../components/StatusChip';
import { useMessage } from '../../../i18n/use-message';
import { chainLabelKey } from '../../../lib/chain-label';
import { shortenAddress } from '../../../lib/format';
import { useIssuerTokens } from '../api/tokens';
import { SectionCard } from '../../../components/SectionCard';
import { CompliancePanel } from '../../compliance';
import { DistributionsDialog } from '../../distributions';
import { OfferingDocumentsDialog } from '../../offering-documents';
import { RedemptionWindowsDialog } from '../../redemptions';
import { RegisterDialog } from '../../register';
import { IssuerSecondaryDialog } from '../../secondary-market';

/** A deployed token's panels, each a column with its button (test ids `<id>-open`) and its dialog. */
const PANELS = [
  {
    id: 'compliance',
    column: 'issuer.tokens.compliance',
    label: 'issuer.tokens.compliance',
    labelOf: 'issuer.tokens.complianceOf',
  },
  { id: 'register', column: 'register.title', label: 'register.open', labelOf: 'register.openOf' },
  {
    id: 'distributions',
    column: 'distributions.open',
    label: 'distributions.open',
    labelOf: 'distributions.openOf',
  },
  {
    id: 'redemptions',
    column: 'redemptions.issuer.column',
    label: 'redemptions.issuer.open',
    labelOf: 'redemptions.issuer.openOf',
  },
  {
    id: 'documents',
    column: 'offeringDocuments.title',
    label: 'offeringDocuments.open',
    labelOf: 'offeringDocuments.openOf',
  },
  {
    id: 'secondary',
    column: 'secondary.issuer.column',
    label: 'secondary.issuer.open',
    labelOf: 'secondary.issuer.openOf',
  },
] as const;
type Panel = (typeof PANELS)[number]['id'];

/**
 * The issuer's tokens with live deployment status, contract and explorer link; a deployed token
 * opens its compliance panel (rules, holders, enforcement), its register of holders (ADR 69), its
 * distributions (ADR 71), redemption windows (ADR 72), offering documents (ADR 73) and its
 * secondary market (ADR 75).
 */
export function TokensSection({ onCreate, canCreate }: { onCreate: () => void; canCreate: boolean }) {
  const { t } = useTranslation();
  const message = useMessage();
  const tokens = useIssuerTokens();
  const [open, setOpen] = useState<{ panel: Panel; token: IssuerToken }>();
  const close = () => setOpen(undefined);
  return (
    <>
      <SectionCard
        id="issuer-tokens"
        title={t('issuer.tokens.title')}
        action={
          <AppButton startIcon={<Add />} onClick={onCreate} disabled={!canCreate}>
            {t('issuer.tokens.create')}
          </AppButton>
        }
        columns={[
          t('issuer.tokens.name'),
          t('issuer.tokens.symbol'),
          t('issuer.tokens.type'),
          t('issuer.tokens.supply'),
          t('issuer.tokens.treasury'),
          t('issuer.tokens.blockchain'),
          t('issuer.tokens.status'),
          t('issuer.tokens.contract'),
          ...PANELS.map((panel) => t(panel.column)),
        ]}
        loading={tokens.isPending}
        problem={tokens.isError && <Alert severity="error">{message(tokens.error.message)}</Alert>}
        empty={
          tokens.data?.length === 0
            ? {
                icon: <TokenOutlined />,
                title: t('issuer.tokens.emptyTitle'),
                description: t('issuer.tokens.emptyDescription'),
              }
            : undefined
        }
      >
        {tokens.data?.map((token) => (
          <TableRow key={token.id} data-testid="issuer-token-row">
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {token.name}
            </TableCell>
            <TableCell>{token.symbol}</TableCell>
            <TableCell>{token.tokenType}</TableCell>
            <TableCell>{token.totalSupply}</TableCell>
            <TableCell>{token.treasuryAmount}</TableCell>
            <TableCell>{t(`chains.${chainLabelKey(token.blockchain)}`)}</TableCell>
            <TableCell>
              <StatusChip
                status={token.status}
                color={listingStatusColor(token.status)}
                data-testid="token-status"
              />
              {token.error && (
                <Typography
                  variant="caption"
                  sx={{ display: 'block', color: 'error.main', marginBlockStart: 0.5 }}
                >
                  {message(token.error)}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {token.contractAddress && (
                <>
                  <span dir="ltr" style={{ fontFamily: 'monospace' }}>
                    {shortenAddress(token.contractAddress)}
                  </span>
                  {token.explorerUrl && (
                    <ExplorerIconLink
                      href={token.explorerUrl}
                      label={t('issuer.tokens.explorer', { name: token.name })}
                    />
                  )}
                </>
              )}
            </TableCell>
            {PANELS.map((panel) => (
              <TableCell key={panel.id}>
                {token.status === 'DEPLOYED' && (
                  <AppButton
                    size="sm"
                    variant="outline"
                    onClick={() => setOpen({ panel: panel.id, token })}
                    aria-label={t(panel.labelOf, { name: token.name })}
                    data-testid={`${panel.id}-open`}
                  >
                    {t(panel.label)}
                  </AppButton>
                )}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </SectionCard>
      {open?.panel === 'compliance' && <CompliancePanel token={open.token} onClose={close} />}
      {open?.panel === 'register' && <RegisterDialog token={open.token} onClose={close} />}
      {open?.panel === 'distributions' && <DistributionsDialog token={open.token} onClose={close} />}
      {open?.panel === 'redemptions' && <RedemptionWindowsDialog token={open.token} onClose={close} />}
      {open?.panel === 'documents' && <OfferingDocumentsDialog token={open.token} onClose={close} />}
      {open?.panel === 'secondary' && <IssuerSecondaryDialog token={open.token} onClose={close} />}
    </>
  );
}
