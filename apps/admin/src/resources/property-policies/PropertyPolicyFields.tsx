import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { useFormat } from '../../common/format';

type Props = { source?: string; label?: string; sortable?: boolean; sortBy?: string };

/** Expired reads like cancelled (and like an expired payment): no longer in force, nothing to act on. */
const COLORS = { 0: 'warning', 1: 'success', 2: 'default', 4: 'default' } as const;

export function PolicyStatusChip(_: Props) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const status = Number(record.status) as keyof typeof COLORS;
  return <Chip size="small" color={COLORS[status] ?? 'default'} label={t(`resources.property-policies.status.${status}`, { _: String(status) })} />;
}

/** An amount in SAR (the API sends numbers with two decimals). */
export function Money({ value }: { value: unknown }) {
  const f = useFormat();
  return (
    <Typography variant="body2" component="span" sx={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}>
      {value === null || value === undefined ? '—' : f.money(value as number)}
    </Typography>
  );
}

export function PriceField(_: Props) {
  const record = useRecordContext();
  return <Money value={record?.price} />;
}

export function CustomerName(_: Props) {
  const record = useRecordContext();
  const person = (record?.meta_data as { personal_details?: Record<string, string> } | undefined)?.personal_details;
  return (
    <Typography variant="body2" component="span">
      {person?.name ?? '—'}
    </Typography>
  );
}

export function StartDate(_: Props) {
  const record = useRecordContext();
  const f = useFormat();
  const start = (record?.meta_data as { start_date?: string } | undefined)?.start_date;
  return (
    <Typography variant="body2" component="span">
      {start ? f.date(`${start}T12:00:00Z`) : '—'}
    </Typography>
  );
}
