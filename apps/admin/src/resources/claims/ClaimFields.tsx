import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';

type Props = { source?: string; label?: string; sortable?: boolean; sortBy?: string };

const COLORS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'> = { submitted: 'info', under_review: 'warning', approved: 'success', rejected: 'error', paid: 'default' };

export function ClaimStatusChip(_: Props) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const status = String(record.status);
  return <Chip size="small" color={COLORS[status] ?? 'default'} label={t(`resources.claims.status.${status}`, { _: status })} />;
}

/** A claim's product family or type in the console's language (the API's code when there is no label). */
export function ClaimLabel({ source, group }: { source: string; group: 'families' | 'types'; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record?.[source]) return null;
  const code = String(record[source]);
  return <span>{t(`resources.claims.${group}.${code}`, { _: code.replace(/_/g, ' ') })}</span>;
}
