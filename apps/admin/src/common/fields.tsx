import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ReferenceField, TextField, useRecordContext, useTranslate } from 'react-admin';
import { productName } from '@shared/products';
import { useFormat } from './format';
import type { enumsEn } from '../i18n/enums.en';

type Props = { source: string; label?: string; sortable?: boolean; sortBy?: string };

/** The record's value at `source`, which may be a path (`horse.use`, `meta_data.start_date`). */
function useValueAt(source: string): unknown {
  const record = useRecordContext();
  return source.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | null | undefined)?.[key], record);
}

/** A code of the API (`monthly`, `villa`, `dune`) by its label in the console's language (the code itself when unknown). */
export function EnumText({ source, group }: Props & { group: keyof typeof enumsEn }) {
  const value = useValueAt(source);
  const t = useTranslate();
  const empty = value === null || value === undefined || value === '';
  return (
    <Typography variant="body2" component="span" title={empty ? undefined : String(value)}>
      {empty ? '—' : t(`enums.${group}.${String(value)}`, { _: String(value).replace(/_/g, ' ') })}
    </Typography>
  );
}

/** A text the API sends in both languages (`insurer` and `insurer_ar`), in the console's. */
export function LocalizedText({ source }: Props) {
  const english = useValueAt(source);
  const arabic = useValueAt(`${source}_ar`);
  const f = useFormat();
  const value = f.locale === 'ar' && arabic ? arabic : english;
  return (
    <Typography variant="body2" component="span">
      {value ? String(value) : '—'}
    </Typography>
  );
}

/** A count or another number in the console's language. */
export function NumberText({ source }: Props) {
  const value = useValueAt(source);
  const f = useFormat();
  return (
    <Typography variant="body2" component="span">
      {value === null || value === undefined ? '—' : f.number(Number(value))}
    </Typography>
  );
}

/** An amount in SAR (a number or a decimal string) in the console's language. */
export function MoneyText({ source }: Props) {
  const value = useValueAt(source);
  const f = useFormat();
  const empty = value === null || value === undefined || value === '';
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap', unicodeBidi: 'isolate' }}>
      {empty ? '—' : f.money(value as string)}
    </Typography>
  );
}

/** A date (a calendar day such as a start date, or a timestamp's day) in the console's language. */
export function DateText({ source }: Props) {
  const value = useValueAt(source) as string | null | undefined;
  const f = useFormat();
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {value ? f.date(value) : '—'}
    </Typography>
  );
}

/** A datetime in the console's language (Riyadh time). */
export function DateTimeText({ source }: Props) {
  const record = useRecordContext();
  const f = useFormat();
  const value = record?.[source] as string | null | undefined;
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {value ? f.dateTime(value) : '—'}
    </Typography>
  );
}

/** Active / inactive as a coloured chip. */
export function StatusChip({ source }: Props) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const active = Boolean(record[source]);
  return (
    <Chip
      size="small"
      variant={active ? 'filled' : 'outlined'}
      color={active ? 'success' : 'default'}
      label={t(active ? 'app.status.active' : 'app.status.inactive')}
    />
  );
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
  if (!products.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('app.none')}
      </Typography>
    );
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
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13, overflowWrap: 'anywhere' }}
      dir="ltr"
    >
      {value ? String(value) : '—'}
    </Typography>
  );
}

/**
 * A long text (an error, a vendor's answer) kept to one line of a list cell, whole in its tooltip; red when `alarm`
 * says the record needs action. The record's page shows it in full.
 */
export function ClippedText({ source, alarm, testId }: Props & { alarm?: (record: Record<string, unknown>) => boolean; testId?: string }) {
  const record = useRecordContext();
  const value = record?.[source] as string | null | undefined;
  if (!value) return <>—</>;
  return (
    <Typography
      variant="body2"
      component="span"
      title={value}
      color={record && alarm?.(record) ? 'error' : undefined}
      sx={{ display: 'block', maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      data-testid={testId}
    >
      {value}
    </Typography>
  );
}

/** Left-to-right text (ids, emails, phones) inside a right-to-left page; `source` may be a path (`meta_data.email`). */
export function LtrText({ source }: Props) {
  const value = useValueAt(source);
  return (
    <Typography variant="body2" component="span" dir="ltr" sx={{ unicodeBidi: 'isolate', overflowWrap: 'anywhere' }}>
      {value ? String(value) : '—'}
    </Typography>
  );
}

/** The client a record belongs to, by name and linked to its page (one batched read for a whole list), never its id. */
export function ClientName({ source = 'client_id' }: { source?: string; label?: string }) {
  return (
    <ReferenceField source={source} reference="clients" link="show" emptyText="—">
      <TextField source="name" data-testid="client-name" />
    </ReferenceField>
  );
}
