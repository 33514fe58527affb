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

/**
 * The issuer's tokens with live deployment status, contract and explorer link; a deployed token
 * opens its compliance panel (rules, holders, enforcement) and its register of holders (ADR 69).
 */
export function TokensSection({ onCreate, canCreate }: { onCreate: () => void; canCreate: boolean }) {
  const { t } = useTranslation();
  const message = useMessage();
  const tokens = useIssuerTokens();
  const [managing, setManaging] = useState<IssuerToken>();
  const [reading, setReading] = useState<IssuerToken>();
  const [paying, setPaying] = useState<IssuerToken>();
  const [redeeming, setRedeeming] = useState<IssuerToken>();
  const [documenting, setDocumenting] = useState<IssuerToken>();
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
          t('issuer.tokens.compliance'),
          t('register.title'),
          t('distributions.open'),
          t('redemptions.issuer.column'),
          t('offeringDocuments.title'),
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
            <TableCell>
              {token.status === 'DEPLOYED' && (
                <AppButton
                  size="sm"
                  variant="outline"
                  onClick={() => setManaging(token)}
                  aria-label={t('issuer.tokens.complianceOf', { name: token.name })}
                  data-testid="compliance-open"
                >
                  {t('issuer.tokens.compliance')}
                </AppButton>
              )}
            </TableCell>
            <TableCell>
              {token.status === 'DEPLOYED' && (
                <AppButton
                  size="sm"
                  variant="outline"
                  onClick={() => setReading(token)}
                  aria-label={t('register.openOf', { name: token.name })}
                  data-testid="register-open"
                >
                  {t('register.open')}
                </AppButton>
              )}
            </TableCell>
            <TableCell>
              {token.status === 'DEPLOYED' && (
                <AppButton
                  size="sm"
                  variant="outline"
                  onClick={() => setPaying(token)}
                  aria-label={t('distributions.openOf', { name: token.name })}
                  data-testid="distributions-open"
                >
                  {t('distributions.open')}
                </AppButton>
              )}
            </TableCell>
            <TableCell>
              {token.status === 'DEPLOYED' && (
                <AppButton
                  size="sm"
                  variant="outline"
                  onClick={() => setRedeeming(token)}
                  aria-label={t('redemptions.issuer.openOf', { name: token.name })}
                  data-testid="redemptions-open"
                >
                  {t('redemptions.issuer.open')}
                </AppButton>
              )}
            </TableCell>
            <TableCell>
              {token.status === 'DEPLOYED' && (
                <AppButton
                  size="sm"
                  variant="outline"
                  onClick={() => setDocumenting(token)}
                  aria-label={t('offeringDocuments.openOf', { name: token.name })}
                  data-testid="documents-open"
                >
                  {t('offeringDocuments.open')}
                </AppButton>
              )}
            </TableCell>
          </TableRow>
        ))}
      </SectionCard>
      {managing && <CompliancePanel token={managing} onClose={() => setManaging(undefined)} />}
      {reading && <RegisterDialog token={reading} onClose={() => setReading(undefined)} />}
      {paying && <DistributionsDialog token={paying} onClose={() => setPaying(undefined)} />}
      {redeeming && <RedemptionWindowsDialog token={redeeming} onClose={() => setRedeeming(undefined)} />}
      {documenting && (
        <OfferingDocumentsDialog token={documenting} onClose={() => setDocumenting(undefined)} />
      )}
    </>
  );
}
