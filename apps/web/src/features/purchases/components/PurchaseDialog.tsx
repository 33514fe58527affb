import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { MarketplaceListing } from '@portal/shared/marketplace';
import { messages } from '@portal/shared/messages';
import { totalValueEth } from '@portal/shared/money';
import { AppButton } from '../../../components/AppButton';
import { Detail } from '../../../components/Detail';
import { TextInput } from '../../../components/TextInput';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { getUserData } from '../../../lib/auth-storage';
import { chainLabelKey } from '../../../lib/chain-label';
import { tabHref } from '../../../lib/dashboard-paths';
import { formatDateTime, formatPercent } from '../../../lib/format';
import { useProfile } from '../../auth';
import { EligibilityAlert, refusalOf, useEligibility, useEligibilityText } from '../../compliance';
import { KycDialog } from '../../kyc';
import { OfferingTerms, useTermsGate } from '../../offering-documents';
import {
  convertInput,
  purchaseAmounts,
  purchaseProblem,
  type PurchaseMode,
  type PurchaseProblem,
} from '../api/amounts';
import { buyerIdentity } from '../api/buyer-identity';
import { PurchaseSuccess } from './PurchaseSuccess';
import { useRefreshAfterPurchase, usePurchaseStatus, useStartPurchase } from '../api/purchase';

interface FormError {
  text: string;
  /** The server wants verified KYC first: the banner offers to verify. */
  kyc?: boolean;
}

/**
 * docs/product.md §2.9, §4.7 and §5: token info, the buyer's DID and wallet, 'Purchase by'
 * Amount (ETH) or Tokens with two-way conversion, ownership percentage, a summary; then
 * processing (the purchase settles on chain, followed about every second) and the success view.
 * It cannot be closed while processing; closing throws away everything typed (the parent unmounts it).
 */
export function PurchaseDialog({ listing, onClose }: { listing: MarketplaceListing; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const { token } = listing;
  const chain = t(`chains.${chainLabelKey(listing.blockchain)}`);

  const profile = useProfile();
  // docs/product.md §4.7: the profile first; stored user data when the profile cannot be read.
  const identity = useMemo(
    () => buyerIdentity(profile.data, getUserData(), listing.blockchain),
    [profile.data, listing.blockchain],
  );
  const [mode, setMode] = useState<PurchaseMode>('eth');
  const [input, setInput] = useState('');
  const [formError, setFormError] = useState<FormError>();
  const [purchaseId, setPurchaseId] = useState<string>();
  const [kycOpen, setKycOpen] = useState(false);
  // The key of the last submission whose fate is unknown (no answer): a retry of it reuses the key.
  const pending = useRef<{ body: string; key: string } | undefined>(undefined);

  const start = useStartPurchase();
  const status = usePurchaseStatus(purchaseId);
  const refresh = useRefreshAfterPurchase();
  const purchase = status.data?.purchase;
  const completed = purchase?.status === 'COMPLETED' ? status.data : undefined;
  const failed = purchase?.status === 'FAILED';
  const busy = start.isPending || (purchaseId !== undefined && !completed && !failed);

  const amounts = purchaseAmounts(listing, mode, input);
  const missingSetup = !identity.did || !identity.wallet;
  // Checked as it is typed: the button waits for a valid amount, and no share shows for a wrong one.
  const typed = input.trim() ? purchaseProblem(listing, mode, input, identity) : undefined;
  const amountProblem = typed?.key === 'purchaseMissingInfo' ? undefined : typed;
  // The token's rules, asked as the amount changes (docs/product.md §4.12): Buy waits for a yes.
  // Rows carry no answer for issuers and administrators, who are not asked.
  const eligibilityText = useEligibilityText();
  const eligibility = useEligibility(
    token.id,
    amountProblem ? undefined : amounts.tokens || undefined,
    listing.eligibility !== null && !completed,
  );
  const refusal = eligibility.data && eligibilityText(eligibility.data.eligibility);
  // The token's offering documents: the first purchase needs their acknowledgement (ADR 73).
  const terms = useTermsGate(token.id, !completed);
  const shownError = formError ?? (failed ? { text: purchase.error ?? messages.purchaseFailed } : undefined);

  useEffect(() => {
    if (completed) void refresh();
    // Once per completed purchase.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [completed?.purchase.id]);

  const switchMode = (next: PurchaseMode | null) => {
    if (!next || next === mode) return;
    setInput(convertInput(listing, next, input));
    setMode(next);
  };

  const submit = async () => {
    setFormError(undefined);
    const problem = purchaseProblem(listing, mode, input, identity);
    if (problem) {
      setFormError({ text: problemText(problem) });
      return;
    }
    const body = { amount: amounts.tokens, investorDid: identity.did, investorWallet: identity.wallet };
    const signature = JSON.stringify({ listing: listing.listingId, ...body });
    if (pending.current?.body !== signature) pending.current = { body: signature, key: crypto.randomUUID() };
    setPurchaseId(undefined);
    try {
      await terms.confirm();
      const started = await start.mutateAsync({ listing, ...body, idempotencyKey: pending.current.key });
      pending.current = undefined;
      setPurchaseId(started.purchase.id);
    } catch (error) {
      // A refusal is final (the next attempt is a new submission); a lost answer may be retried as is.
      if (error instanceof ApiError && error.status < 500) pending.current = undefined;
      terms.refused(error);
      const refused = refusalOf(error);
      setFormError({
        text: refused
          ? (eligibilityText(refused) ?? messages.purchaseFailed)
          : error instanceof Error
            ? error.message
            : messages.purchaseFailed,
        kyc:
          error instanceof ApiError && error.status === 403 && error.message === messages.purchaseKycRequired,
      });
    }
  };

  const problemText = (problem: PurchaseProblem) => {
    switch (problem.key) {
      case 'purchaseTooMany':
        return t('messages.purchaseTooMany', { tokenAmount: problem.tokenAmount });
      case 'purchaseAmountPrecision':
        return t('messages.purchaseAmountPrecision', { decimals: problem.decimals });
      case 'purchaseAmountPositive':
      case 'purchaseMissingInfo':
        return t(`messages.${problem.key}`);
    }
  };

  const requestClose = () => {
    if (!busy) onClose();
  };

  const info = (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
        margin: 0,
      }}
    >
      <Detail term={t('marketplace.columns.name')}>{token.name}</Detail>
      <Detail term={t('marketplace.columns.symbol')}>{token.symbol}</Detail>
      <Detail term={t('marketplace.columns.type')}>{token.tokenType}</Detail>
      <Detail term={t('marketplace.columns.blockchain')}>{chain}</Detail>
      {listing.escrowId ? (
        <>
          <Detail term={t('marketplace.details.availableTokens')}>{listing.tokenAmount}</Detail>
          <Detail term={t('marketplace.details.price')}>
            {t('marketplace.eth', { amount: listing.priceETH })}
          </Detail>
          <Detail term={t('marketplace.details.totalValue')}>
            {t('marketplace.eth', {
              amount: totalValueEth(listing.tokenAmount, listing.priceETH) ?? '0.0000',
            })}
          </Detail>
          <Detail term={t('marketplace.details.deadline')}>
            {formatDateTime(listing.deadline, i18n.language)}
          </Detail>
        </>
      ) : (
        <>
          <Detail term={t('purchase.totalSupply')}>{token.totalSupply || t('purchase.notAvailable')}</Detail>
          <Detail sx={{ gridColumn: { xs: '1 / -1', sm: 'span 3' } }} term={t('purchase.contract')}>
            {token.contractAddress ? (
              <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                {token.contractAddress}
              </Box>
            ) : (
              t('marketplace.details.notDeployed')
            )}
          </Detail>
        </>
      )}
    </Box>
  );

  const form = (
    <Box
      component="form"
      id={`${titleId}-form`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      {shownError && (
        <Alert
          severity="error"
          variant="filled"
          action={
            shownError.kyc && (
              <Button color="inherit" size="small" onClick={() => setKycOpen(true)}>
                {t('purchase.verifyKyc')}
              </Button>
            )
          }
        >
          {message(shownError.text)}
        </Alert>
      )}
      {info}
      <Divider />
      <Box component="dl" sx={{ display: 'grid', gap: 1.5, margin: 0 }}>
        <Detail term={t('purchase.did')}>
          <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace' }} data-testid="buyer-did">
            {identity.did || (profile.isPending ? t('common.loading') : t('purchase.notSet'))}
          </Box>
        </Detail>
        <Detail term={t('purchase.wallet', { chain })}>
          <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace' }} data-testid="buyer-wallet">
            {identity.wallet || (profile.isPending ? t('common.loading') : t('purchase.notSet'))}
          </Box>
        </Detail>
      </Box>
      {missingSetup && !profile.isPending && (
        <Alert
          severity="warning"
          action={
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              {!identity.did && (
                <Button color="inherit" size="small" component={RouterLink} to={tabHref('did')}>
                  {t('purchase.goToDid')}
                </Button>
              )}
              {!identity.wallet && (
                <Button color="inherit" size="small" component={RouterLink} to={tabHref('vault')}>
                  {t('purchase.goToVault')}
                </Button>
              )}
            </Box>
          }
        >
          {t('purchase.missingSetup', { chain })}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id={`${titleId}-mode`} variant="body2" sx={{ fontWeight: 600 }}>
          {t('purchase.purchaseBy')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={mode}
          onChange={(_event, next: PurchaseMode | null) => switchMode(next)}
          aria-labelledby={`${titleId}-mode`}
          disabled={busy}
        >
          <ToggleButton value="eth">{t('purchase.byEth')}</ToggleButton>
          <ToggleButton value="tokens">{t('purchase.byTokens', { symbol: token.symbol })}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <TextInput
        key={mode}
        label={mode === 'eth' ? t('purchase.byEth') : t('purchase.byTokens', { symbol: token.symbol })}
        value={input}
        onChange={(event) => {
          setInput(event.target.value);
          setFormError(undefined);
        }}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0"
        disabled={busy}
        error={amountProblem && problemText(amountProblem)}
        hint={
          mode === 'eth'
            ? t('purchase.equalsTokens', { tokens: amounts.tokens || '0', symbol: token.symbol })
            : t('purchase.equalsEth', { eth: amounts.eth })
        }
      />
      <EligibilityAlert refusal={refusal} />
      <OfferingTerms gate={terms} disabled={busy} />
      <Box
        component="section"
        aria-labelledby={`${titleId}-summary`}
        sx={{ bgcolor: 'action.hover', borderRadius: 2, padding: 2 }}
      >
        <Typography id={`${titleId}-summary`} variant="subtitle2" component="h3" sx={{ marginBlockEnd: 1 }}>
          {t('purchase.summary')}
        </Typography>
        <Box
          component="dl"
          data-testid="purchase-summary"
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr', margin: 0 }}
        >
          <Detail term={t('purchase.summaryTokens')}>
            {amounts.tokens || '0'} {token.symbol}
          </Detail>
          <Detail term={t('marketplace.details.price')}>
            {t('marketplace.eth', { amount: listing.priceETH })}
          </Detail>
          <Detail term={t('purchase.summaryCost')}>{t('marketplace.eth', { amount: amounts.eth })}</Detail>
          <Detail term={t('purchase.ownership')}>
            {/* A share above the whole supply cannot be bought (the server refuses it): none shown. */}
            {amountProblem || Number(amounts.percent) > 100
              ? t('overview.noValue')
              : formatPercent(amounts.percent, i18n.language)}
          </Detail>
        </Box>
      </Box>
      {busy && purchaseId && (
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
          {t('purchase.settling')}
        </Typography>
      )}
    </Box>
  );

  return (
    <>
      <Dialog
        open
        onClose={requestClose}
        fullWidth
        maxWidth="sm"
        fullScreen={phone}
        aria-labelledby={titleId}
        data-testid="purchase-dialog"
      >
        <DialogTitle id={titleId}>
          {t('purchase.title', { name: token.name, symbol: token.symbol })}
        </DialogTitle>
        <DialogContent dividers>
          {completed ? <PurchaseSuccess result={completed} symbol={token.symbol} /> : form}
        </DialogContent>
        <DialogActions>
          {completed ? (
            <AppButton onClick={onClose}>{t('common.close')}</AppButton>
          ) : (
            <>
              <AppButton variant="ghost" onClick={requestClose} disabled={busy}>
                {t('purchase.cancel')}
              </AppButton>
              <AppButton
                type="submit"
                form={`${titleId}-form`}
                disabled={
                  busy ||
                  !input.trim() ||
                  missingSetup ||
                  amountProblem !== undefined ||
                  Boolean(refusal) ||
                  terms.blocking
                }
              >
                {busy ? t('purchase.processing') : t('purchase.submit')}
              </AppButton>
            </>
          )}
        </DialogActions>
      </Dialog>
      {kycOpen && <KycDialog open onClose={() => setKycOpen(false)} />}
    </>
  );
}
