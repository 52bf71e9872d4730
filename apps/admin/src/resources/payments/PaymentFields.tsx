import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { useFormat } from '../../common/format';

const COLORS: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  paid: 'success',
  pending: 'warning',
  failed: 'error',
  expired: 'default',
  cancelled: 'default',
  refunded: 'info',
};

export function PaymentStatusChip({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const status = String(record[source]);
  return <Chip size="small" color={COLORS[status] ?? 'default'} variant={status === 'paid' ? 'filled' : 'outlined'} label={t(`resources.payments.status.${status}`, { _: status })} data-testid="payment-status" />;
}

/** SAR with two decimals in the console's language, kept left-to-right as a unit inside Arabic. */
export function AmountText({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const f = useFormat();
  const value = record?.[source];
  return <Typography variant="body2" component="span" dir="ltr" sx={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}>{value === undefined || value === null ? '—' : f.money(value as number)}</Typography>;
}

export function PolicyRef({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  return <Typography variant="body2" component="span">{t(`resources.payments.policy_types.${String(record.policy_type)}`, { _: String(record.policy_type) })} <bdi>#{String(record[source])}</bdi></Typography>;
}
