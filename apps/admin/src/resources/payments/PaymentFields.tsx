import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RaLink, SelectInput, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
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
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      variant={status === 'paid' ? 'filled' : 'outlined'}
      label={t(`resources.payments.status.${status}`, { _: status })}
      data-testid="payment-status"
    />
  );
}

/** SAR with two decimals in the console's language, kept left-to-right as a unit inside Arabic. */
export function AmountText({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const f = useFormat();
  const value = record?.[source];
  return (
    <Typography variant="body2" component="span" dir="ltr" sx={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}>
      {value === undefined || value === null ? '—' : f.money(value as number)}
    </Typography>
  );
}

/** Where a payment's policy lives in the console (a medical payment is the company's: policy_id is the company id). */
const POLICY_RESOURCES: Record<string, string> = {
  motor: 'motor-policies',
  property: 'property-policies',
  tpl: 'tpl-policies',
  life: 'life-policies',
  horse: 'horse-policies',
  travel: 'travel-policies',
  medical: 'medical-companies',
};

/** The product and policy a payment is for, linked to the policy's page (the click does not open the payment row). */
export function PolicyRef({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  const createPath = useCreatePath();
  if (!record) return null;
  const type = String(record.policy_type);
  const label = (
    <>
      {t(`resources.payments.policy_types.${type}`, { _: type })} <bdi>#{String(record[source])}</bdi>
    </>
  );
  const resource = POLICY_RESOURCES[type];
  if (!resource)
    return (
      <Typography variant="body2" component="span">
        {label}
      </Typography>
    );
  return (
    <RaLink
      to={createPath({ resource, type: 'show', id: String(record[source]) })}
      onClick={(e: { stopPropagation(): void }) => e.stopPropagation()}
      data-testid="payment-policy-link"
    >
      {label}
    </RaLink>
  );
}

/** The product a payment or refund is for, as a list filter. */
export function PolicyTypeFilter(props: { source: string }) {
  const t = useTranslate();
  return <SelectInput {...props} choices={Object.keys(POLICY_RESOURCES).map((p) => ({ id: p, name: t(`resources.payments.policy_types.${p}`) }))} />;
}
