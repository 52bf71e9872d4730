import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { useFormat } from '../../common/format';

const STATUS_COLOURS: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  quoted: 'success',
  no_offers: 'warning',
  failed: 'error',
  pending: 'warning',
  issued: 'success',
  expired: 'default',
  ok: 'success',
  declined: 'warning',
  timeout: 'error',
  error: 'error',
  paid: 'success',
};

/** A status word of a motor resource as a coloured chip, in the console's language. */
export function MotorStatusChip({
  source,
  resource,
  group = 'status',
}: {
  source: string;
  resource: string;
  group?: string;
  label?: string;
  sortable?: boolean;
}) {
  const record = useRecordContext();
  const t = useTranslate();
  const value = record?.[source] as string | null | undefined;
  if (!value) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLOURS[value] ?? 'default'}
      variant={value === 'quoted' || value === 'issued' ? 'filled' : 'outlined'}
      label={t(`resources.${resource}.${group}.${value}`, { _: value })}
      data-testid={`status-${value}`}
    />
  );
}

/** A decimal-string amount in SAR, formatted for the console's language. */
export function MoneyText({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const f = useFormat();
  const value = record?.[source] as string | null | undefined;
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {value ? f.money(value) : '—'}
    </Typography>
  );
}

/** The insurer's name in the console's language (the code when the directory did not know it). */
export function InsurerName(_: { label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const f = useFormat();
  if (!record) return null;
  return (
    <Typography variant="body2" component="span" title={String(record.insurer_code)}>
      {String((f.locale === 'ar' ? record.insurer_name_ar : record.insurer_name) ?? record.insurer_code)}
    </Typography>
  );
}
