import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { useFormat } from '../../common/format';

type Props = { source?: string; label?: string; sortable?: boolean; sortBy?: string };

/** Expired reads like cancelled (and like an expired payment): no longer in force, nothing to act on. */
const COLORS = { 0: 'warning', 1: 'success', 2: 'default', 3: 'error', 4: 'default' } as const;

export function TplStatusChip(_: Props) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const status = Number(record.status) as keyof typeof COLORS;
  return <Chip size="small" color={COLORS[status] ?? 'default'} label={t(`resources.tpl-policies.status.${status}`, { _: String(status) })} />;
}

/** An amount in SAR (the API sends numbers with two decimals). */
export function TplMoney({ value }: { value: unknown }) {
  const f = useFormat();
  return (
    <Typography variant="body2" component="span" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
      {value === null || value === undefined ? '—' : f.money(value as number)}
    </Typography>
  );
}

export function TplPriceField(_: Props) {
  const record = useRecordContext();
  return <TplMoney value={record?.price} />;
}

/** A field of `meta_data`, left to right (VINs, ids, emails). */
export function MetaText({ field }: Props & { field: string }) {
  const record = useRecordContext();
  const value = (record?.meta_data as Record<string, unknown> | undefined)?.[field];
  return (
    <Typography variant="body2" component="span" dir="ltr" sx={{ fontFamily: 'monospace' }}>
      {value === null || value === undefined ? '—' : String(value)}
    </Typography>
  );
}
