import Chip from '@mui/material/Chip';
import { useFormat } from '../../common/format';
import { Link as RaLink, useCreatePath, useGetIdentity, useRecordContext, useTranslate } from 'react-admin';

type Props = { source?: string; label?: string; sortable?: boolean; sortBy?: string };

const COLORS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  submitted: 'info',
  under_review: 'warning',
  approved: 'success',
  rejected: 'error',
  paid: 'default',
};

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

/** Where a claim's policy lives in the console, by the claim's product family. */
export const POLICY_RESOURCES: Record<string, string> = {
  property: 'property-policies',
  'motor-tpl': 'tpl-policies',
  medical: 'medical-policies',
  life: 'life-policies',
  horse: 'horse-policies',
  travel: 'travel-policies',
};

/** The claim's policy, linked to its page (the click does not open the claim row). */
export function ClaimPolicyLink(_: { source?: string; label?: string }) {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record) return null;
  const resource = POLICY_RESOURCES[String(record.product_family)];
  const id = String(record.policy_id);
  if (!resource) return <bdi>#{id}</bdi>;
  return (
    <RaLink to={createPath({ resource, type: 'show', id })} onClick={(e: { stopPropagation(): void }) => e.stopPropagation()} data-testid="claim-policy-link">
      <bdi>#{id}</bdi>
    </RaLink>
  );
}

/** Who works the claim: "Me", a colleague's name, or nobody yet. */
export function ClaimAssignee(_: { source?: string; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  const { identity } = useGetIdentity();
  if (!record?.assignee_staff_id) return <span data-testid="claim-assignee">—</span>;
  const mine = identity && record.assignee_staff_id === identity.id;
  return <span data-testid="claim-assignee">{mine ? t('resources.claims.me') : String(record.assignee_name ?? record.assignee_staff_id)}</span>;
}

const FINAL = new Set(['rejected', 'paid']);

/** How long an open claim has waited, in whole days; nothing once it is decided and paid or rejected. */
export function ClaimAge(_: { source?: string; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  if (!record || FINAL.has(String(record.status))) return null;
  // the API's count (its clock, the same the decision deadline runs on); the browser's for an older answer
  const days =
    typeof record.age_days === 'number' ? record.age_days : Math.max(0, Math.floor((Date.now() - Date.parse(String(record.created_at))) / 86_400_000));
  return <span data-testid="claim-age">{t('resources.claims.age', { smart_count: days, days: f.number(days) })}</span>;
}

/** The policy holder the claim is for (masked by the API for roles without personal data). */
export function ClaimCustomer(_: { source?: string; label?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  // life and TPL record only the holder's id: it stands for the name
  const name = record.customer_name ?? record.policy?.holder_id;
  return (
    <span data-testid="claim-customer" style={{ whiteSpace: 'nowrap' }}>
      {name ? <bdi>{String(name)}</bdi> : '—'}
    </span>
  );
}

/** When the claim must be decided by, with a red marker once it is overdue (the API's `overdue`). */
export function ClaimDecisionDue(_: { source?: string; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  if (!record?.decision_due_at) return null;
  if (!['submitted', 'under_review'].includes(String(record.status))) return <span>—</span>;
  return (
    <span data-testid="claim-due" style={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 4 }}>
      <span style={{ whiteSpace: 'nowrap' }}>{f.date(String(record.decision_due_at))}</span>
      {record.overdue && <Chip size="small" color="error" label={t('resources.claims.overdue')} data-testid="claim-overdue" />}
    </span>
  );
}
