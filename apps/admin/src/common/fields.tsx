import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { productName } from '@shared/products';
import { useFormat } from './format';

type Props = { source: string; label?: string; sortable?: boolean; sortBy?: string };

/** A datetime in the console's language (Riyadh time). */
export function DateTimeText({ source }: Props) {
  const record = useRecordContext();
  const f = useFormat();
  const value = record?.[source] as string | null | undefined;
  return <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>{value ? f.dateTime(value) : '—'}</Typography>;
}

/** Active / inactive as a coloured chip. */
export function StatusChip({ source }: Props) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const active = Boolean(record[source]);
  return <Chip size="small" variant={active ? 'filled' : 'outlined'} color={active ? 'success' : 'default'} label={t(active ? 'app.status.active' : 'app.status.inactive')} />;
}

export function RoleChip({ source }: Props) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  return <Chip size="small" variant="outlined" color="primary" label={t(`app.role.${record[source] as string}`, { _: String(record[source]) })} />;
}

/** The product list as chips with the products' names. */
export function ProductChips({ source }: Props) {
  const record = useRecordContext();
  const products = (record?.[source] as string[] | undefined) ?? [];
  const t = useTranslate();
  if (!products.length) return <Typography variant="body2" color="text.secondary">{t('app.none')}</Typography>;
  return (
    <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
      {products.map((p) => (
        <Chip key={p} size="small" label={productName(p)} title={p} />
      ))}
    </span>
  );
}

export function ProductCount({ source }: Props) {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  const n = ((record?.[source] as string[] | undefined) ?? []).length;
  return <Chip size="small" variant="outlined" label={t('resources.clients.products_count', { count: f.number(n), total: f.number(12) })} />;
}

export function MonoText({ source }: Props) {
  const record = useRecordContext();
  const value = record?.[source];
  return <Typography variant="body2" component="span" sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13 }} dir="ltr">{value ? String(value) : '—'}</Typography>;
}

/** Left-to-right islands inside right-to-left pages: emails, phones, ids. */
/** Left-to-right text (ids, emails, phones) inside a right-to-left page; `source` may be a path (`meta_data.email`). */
export function LtrText({ source }: Props) {
  const record = useRecordContext();
  const value = source.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], record);
  return <Typography variant="body2" component="span" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>{value ? String(value) : '—'}</Typography>;
}
