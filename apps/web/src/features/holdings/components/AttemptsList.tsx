import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import type { PurchaseAttempt } from '@portal/shared/holdings';
import { StatusChip, assetStatusColor } from '../../../components/StatusChip';
import { useMessage } from '../../../i18n/use-message';
import { formatDateTime } from '../../../lib/format';
import { tokens } from '../api/amounts';

/**
 * Purchases that own nothing (ADR 68): failed ones, or ones still settling. Each says what was
 * asked for, never an amount owned or a share of the supply.
 */
export function AttemptsList({
  attempts,
  title,
  description,
  testId,
}: {
  attempts: PurchaseAttempt[];
  title: string;
  description: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const headingId = `${testId}-title`;
  return (
    <Card component="section" aria-labelledby={headingId} data-testid={testId}>
      <CardHeader
        title={title}
        subheader={description}
        slotProps={{ title: { variant: 'h6', component: 'h3', id: headingId } }}
      />
      <Divider />
      <List dense>
        {attempts.map((attempt) => (
          <ListItem key={attempt.id} divider data-testid="attempt">
            <ListItemText
              primary={
                <>
                  {attempt.token.name} ·{' '}
                  <span dir="ltr">
                    {t('holdings.requested')}: {tokens(attempt.amount, attempt.token.decimals)}{' '}
                    {attempt.token.symbol}
                  </span>
                </>
              }
              secondary={
                <>
                  {formatDateTime(attempt.createdAt, i18n.language)}
                  {attempt.error && (
                    <>
                      {' · '}
                      {t('holdings.reason')}: {message(attempt.error)}
                    </>
                  )}
                </>
              }
            />
            <StatusChip
              status={attempt.status}
              color={attempt.status === 'FAILED' ? 'error' : assetStatusColor(attempt.status)}
              sx={{ marginInlineStart: 1 }}
            />
          </ListItem>
        ))}
      </List>
    </Card>
  );
}
