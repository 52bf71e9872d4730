import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { SelectInput, useLocale, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { intlLocale } from '../i18n/i18nProvider';
import { FAMILIES } from '../providers/api';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Money, calendar days and instants in the portal's language (Arabic: Arabic-Indic digits and the riyal's Arabic name). */
export function useFormat() {
  const locale = useLocale();
  const tag = intlLocale(locale);
  return {
    rtl: locale === 'ar',
    percent: (n: number) => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 }).format(n),
    money: (amount: string | number | null | undefined) =>
      amount === null || amount === undefined
        ? '—'
        : new Intl.NumberFormat(tag, { style: 'currency', currency: 'SAR', minimumFractionDigits: 2 }).format(Number(amount)),
    number: (n: number) => new Intl.NumberFormat(tag).format(n),
    /** A calendar day (`2026-12-01`) as it is, or an instant's day in Riyadh. */
    day: (iso: string | null | undefined) => {
      if (!iso) return '—';
      const calendar = CALENDAR_DAY.test(iso);
      return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: calendar ? 'UTC' : 'Asia/Riyadh' }).format(
        new Date(calendar ? `${iso}T00:00:00Z` : iso),
      );
    },
    month: (yyyyMm: string) => new Intl.DateTimeFormat(tag, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(`${yyyyMm}-01T00:00:00Z`)),
  };
}

type Tone = 'success' | 'warning' | 'error' | 'default' | 'info';
const TONES: Record<string, Tone> = {
  active: 'success',
  paid: 'success',
  succeeded: 'success',
  approved: 'success',
  pending: 'warning',
  submitted: 'info',
  under_review: 'info',
  failed: 'error',
  rejected: 'error',
  cancelled: 'default',
  expired: 'default',
  refunded: 'default',
  on_hold: 'warning',
};

/** A record's status as a coloured chip, named in the portal's language from `portal.business.<kind>`. */
export function StatusChip({ kind }: { kind: 'policy_statuses' | 'payment_statuses' | 'refund_statuses' | 'claim_statuses'; label?: string }) {
  const record = useRecordContext<RaRecord & { status: string }>();
  const t = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={TONES[record.status] ?? 'default'}
      label={t(`portal.business.${kind}.${record.status}`, { _: record.status })}
      data-testid="business-status"
    />
  );
}

/** A product family's name. */
export function useFamily() {
  const t = useTranslate();
  return (family: string) => t(`portal.business.families.${family}`, { _: family });
}

/** An id or reference: one word, left to right even in Arabic. */
export function Mono({ children }: { children: string | number | null | undefined }) {
  return (
    <Typography component="span" dir="ltr" sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 13, overflowWrap: 'anywhere' }}>
      {children ?? '—'}
    </Typography>
  );
}

/** The list filters every business page has: the product and the status. */
export function useBusinessFilters(kind: 'policy_statuses' | 'payment_statuses' | 'refund_statuses' | 'claim_statuses', statuses: readonly string[]) {
  const t = useTranslate();
  const family = useFamily();
  return [
    <SelectInput key="family" source="family" label="portal.business.family" alwaysOn choices={FAMILIES.map((f) => ({ id: f, name: family(f) }))} />,
    <SelectInput
      key="status"
      source="status"
      label="portal.business.status"
      alwaysOn
      choices={statuses.map((s) => ({ id: s, name: t(`portal.business.${kind}.${s}`) }))}
    />,
  ];
}
