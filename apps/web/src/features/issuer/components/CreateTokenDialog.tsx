import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  blockchainLabel,
  TOKEN_TYPE_CHAIN,
  TOKEN_TYPE_MAX_DECIMALS,
  TOKEN_TYPES,
  type ChainFamily,
  type TokenType,
} from '@portal/shared/chain-families';
import { ASSET_CATEGORIES, CreateTokenRequestSchema, type IssuerToken } from '@portal/shared/issuer';
import { messages } from '@portal/shared/messages';
import { useMessage } from '../../../i18n/use-message';
import { useCreateToken } from '../api/tokens';
import { useIssuerChains } from '../api/chains';
import { FormDialog, fieldErrors, showServerError } from '../../../components/FormDialog';

interface TokenForm {
  name: string;
  symbol: string;
  description: string;
  tokenType: TokenType;
  assetCategory: string;
  decimals: string;
  totalSupply: string;
}

/** What an operator sets for each chain that needs a node (ADR 66); shown while it is missing. */
const CHAIN_VARIABLES: Partial<Record<ChainFamily, string>> = {
  ripple: 'XRPL_URL, XRPL_PLATFORM_SEED',
  stellar: 'STELLAR_HORIZON_URL, STELLAR_PLATFORM_SECRET',
};
/** Always configured: the embedded engines. */
const BUILT_IN_CHAINS: ChainFamily[] = ['ethereum', 'solana'];

const EMPTY: TokenForm = {
  name: '',
  symbol: '',
  description: '',
  tokenType: 'ERC20',
  assetCategory: ASSET_CATEGORIES[0],
  decimals: '18',
  totalSupply: '',
};

/**
 * 'Create Token': name, symbol, description, type, asset category, decimals (fungible types only)
 * and total supply, checked with the shared schema before the server checks it again.
 */
export function CreateTokenDialog({
  onClose,
  onCreated,
  onVaultRequired,
}: {
  onClose: () => void;
  onCreated: (token: IssuerToken) => void;
  onVaultRequired: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const create = useCreateToken();
  const [form, setForm] = useState<TokenForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string>();
  const maxDecimals = TOKEN_TYPE_MAX_DECIMALS[form.tokenType];
  const chains = useIssuerChains().data ?? BUILT_IN_CHAINS;
  const missing = Object.entries(CHAIN_VARIABLES).filter(([chain]) => !chains.includes(chain as ChainFamily));

  const set = (field: keyof TokenForm) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setForm((current) => {
      const next = { ...current, [field]: value };
      // A new type starts from the most decimals it allows (none for item tokens).
      if (field === 'tokenType') next.decimals = String(TOKEN_TYPE_MAX_DECIMALS[value as TokenType]);
      return next;
    });
    setErrors((current) => ({ ...current, [field]: '' }));
  };

  const submit = () => {
    setGeneral(undefined);
    const parsed = CreateTokenRequestSchema.safeParse({
      ...form,
      decimals: maxDecimals > 0 ? form.decimals : 0,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: onCreated,
      onError: (error) => {
        showServerError(error, setErrors, setGeneral);
        if (error.message === messages.issuerVaultRequired) onVaultRequired();
      },
    });
  };

  const field = (
    name: keyof TokenForm,
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={label}
      value={form[name]}
      onChange={set(name)}
      error={Boolean(errors[name])}
      helperText={message(errors[name]) ?? extra.helperText}
      disabled={create.isPending}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, ...(extra.select ? { select: { native: true } } : {}) }}
      {...extra}
    />
  );

  return (
    <FormDialog
      title={t('issuer.tokenForm.title')}
      submitLabel={t('issuer.tokenForm.submit')}
      cancelLabel={t('issuer.tokenForm.cancel')}
      busy={create.isPending}
      error={message(general)}
      onSubmit={submit}
      onClose={onClose}
    >
      {field('name', t('issuer.tokenForm.name'), { required: true, autoFocus: true })}
      {field('symbol', t('issuer.tokenForm.symbol'), { required: true })}
      {field('description', t('issuer.tokenForm.description'), { multiline: true, minRows: 2 })}
      {field('tokenType', t('issuer.tokenForm.type'), {
        select: true,
        children: TOKEN_TYPES.filter((type) => chains.includes(TOKEN_TYPE_CHAIN[type])).map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        )),
      })}
      {field('assetCategory', t('issuer.tokenForm.category'), {
        select: true,
        children: ASSET_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        )),
      })}
      {maxDecimals > 0 &&
        field('decimals', t('issuer.tokenForm.decimals'), {
          type: 'number',
          helperText: t('issuer.tokenForm.decimalsHint', { max: maxDecimals }),
        })}
      {field('totalSupply', t('issuer.tokenForm.supply'), { required: true })}
      {missing.map(([chain, variables]) => (
        <Alert key={chain} severity="info">
          {t('issuer.tokenForm.chainMissing', { chain: blockchainLabel(chain), variables })}
        </Alert>
      ))}
    </FormDialog>
  );
}
