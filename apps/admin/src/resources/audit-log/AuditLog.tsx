import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  BooleanInput,
  DataTable,
  Labeled,
  Link,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  useCreatePath,
  useRecordContext,
  useResourceDefinitions,
  useTranslate,
} from 'react-admin';
import { DateTimeText, MonoText, RoleChip } from '../../common/fields';
import { ListTable } from '../../common/ListTable';
import { ListActions } from '../../common/ListActions';
import { productName } from '@shared/products';
import { useFormat } from '../../common/format';

const R = 'resources.audit-log';
/** Resources whose records the log names, offered in its filter. */
const AUDITED = [
  'clients',
  'staff',
  'claims',
  'motor-policies',
  'property-policies',
  'tpl-policies',
  'life-policies',
  'horse-policies',
  'travel-policies',
  'medical-policies',
  'medical-companies',
  'refunds',
  'due-events',
  'webhook-endpoints',
  'webhook-deliveries',
];
/** The stored policy status (the partner API's integer) as the dashboard's word for it. */
const POLICY_STATUS = ['pending', 'active', 'cancelled', 'on_hold', 'expired'];
const MONEY = new Set(['amount', 'price', 'refund_amount', 'approved_amount', 'requested_amount', 'paid_amount']);
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** `refund_amount` -> "Refund amount": the words for a field no translation names yet. */
const humanize = (key: string) => key.replace(/[_.-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** What a recorded action did, in words: `property-policies.cancel` -> "Cancelled". */
export function useActionWords() {
  const t = useTranslate();
  return (action: string) => {
    const verb = action.slice(action.indexOf('.') + 1);
    return t(`${R}.verbs.${verb}`, { _: humanize(verb) });
  };
}

/** The resource's own name for one record ("Property policy"), or the code made readable. */
function useResourceWord() {
  const t = useTranslate();
  return (resource: string) => t(`resources.${resource}.name`, { smart_count: 1, _: humanize(resource) });
}

export function ActionText(_: { source?: string }) {
  const record = useRecordContext();
  const words = useActionWords();
  if (!record) return null;
  return (
    <Typography variant="body2" component="span" data-testid="audit-action">
      {words(String(record.action))}
    </Typography>
  );
}

/** Who did it: the staff member's name and email (in the list on a phone the name alone; the entry's page has both). */
function StaffText({ compact = false }: { source?: string; compact?: boolean }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <span>
      <Typography variant="body2" component="div">
        {String(record.staff_name ?? record.staff_email)}
      </Typography>
      {record.staff_name && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          dir="ltr"
          sx={{ unicodeBidi: 'isolate', display: compact ? { xs: 'none', sm: 'block' } : 'block' }}
        >
          {String(record.staff_email)}
        </Typography>
      )}
    </span>
  );
}

/** The record an entry is about, by its kind and name (or number), linked to its page in the console. */
function RecordLink(_: { source?: string }) {
  const record = useRecordContext();
  const word = useResourceWord();
  const createPath = useCreatePath();
  const resources = useResourceDefinitions();
  if (!record) return null;
  const resource = String(record.resource);
  const id = record.resource_id as string | null;
  const label = `${word(resource)} ${record.resource_name ?? (id ? `#${id}` : '')}`.trim();
  if (!id || !resources[resource]?.hasShow)
    return (
      <Typography variant="body2" component="span">
        {label}
      </Typography>
    );
  return (
    <Link to={createPath({ resource, id, type: 'show' })} onClick={(e: { stopPropagation(): void }) => e.stopPropagation()} data-testid="audit-record-link">
      <bdi>{label}</bdi>
    </Link>
  );
}

export function AuditLogList() {
  const t = useTranslate();
  const word = useResourceWord();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="resource" source="resource" choices={AUDITED.map((r) => ({ id: r, name: word(r) }))} />,
    <BooleanInput key="sign_ins" source="sign_ins" alwaysOn label={t(`${R}.fields.sign_ins`)} />,
  ];
  return (
    <List filters={filters} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable card={{ title: ['action'], end: ['created_at'], plain: ['resource_id', 'staff_email', 'role'] }}>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="staff_email">
          <StaffText compact />
        </DataTable.Col>
        <DataTable.Col source="role" disableSort>
          <RoleChip source="role" />
        </DataTable.Col>
        <DataTable.Col source="action">
          <ActionText />
        </DataTable.Col>
        <DataTable.Col source="resource_id" disableSort>
          <RecordLink />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}

/** One before/after value as a person reads it: names for ids, money as money, statuses and yes/no in words, times in Riyadh. */
function useValueText() {
  const t = useTranslate();
  const f = useFormat();
  return (key: string, value: unknown, resource: string, names: Record<string, string>): string => {
    if (value === undefined || value === null || value === '') return '—';
    if (key === 'products' && Array.isArray(value)) return value.map((p) => productName(String(p))).join(', ') || '—';
    if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') || '—';
    if (typeof value === 'boolean') return t(value ? `${R}.yes` : `${R}.no`);
    if (typeof value === 'string' && names[value]) return names[value];
    if (key === 'status') {
      if (typeof value === 'number' && resource.endsWith('-policies')) return t(`dashboard.status.${POLICY_STATUS[value] ?? value}`, { _: String(value) });
      return t(`resources.${resource}.status.${String(value)}`, { _: humanize(String(value)) });
    }
    if (MONEY.has(key) && !Number.isNaN(Number(value))) return f.money(value as string | number);
    if (key === 'product_family') return t(`resources.claims.families.${String(value)}`, { _: String(value) });
    if (typeof value === 'number') return f.number(value);
    if (typeof value === 'string' && TIMESTAMP.test(value)) return f.dateTime(value);
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
}

/** before/after as a field-by-field table in words, never raw JSON. */
function ChangeTable() {
  const record = useRecordContext();
  const t = useTranslate();
  const text = useValueText();
  if (!record) return null;
  const before = (record.before ?? {}) as Record<string, unknown>;
  const after = (record.after ?? {}) as Record<string, unknown>;
  const names = (record.names ?? {}) as Record<string, string>;
  const resource = String(record.resource);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (!keys.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t(`${R}.no_change`)}
      </Typography>
    );
  return (
    <Table size="small" sx={{ maxWidth: 900 }} data-testid="audit-change">
      <TableHead>
        <TableRow>
          <TableCell>{t(`${R}.field`)}</TableCell>
          <TableCell>{t(`${R}.fields.before`)}</TableCell>
          <TableCell>{t(`${R}.fields.after`)}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((k) => {
          const changed = JSON.stringify(before[k]) !== JSON.stringify(after[k]) && k in before;
          return (
            <TableRow key={k} data-testid={`audit-change-${k}`}>
              <TableCell>{t(`${R}.keys.${k}`, { _: humanize(k) })}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>
                <bdi>{k in before ? text(k, before[k], resource, names) : '—'}</bdi>
              </TableCell>
              <TableCell sx={{ fontWeight: changed ? 700 : 400 }}>
                <bdi>{text(k, after[k], resource, names)}</bdi>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

export function AuditLogShow() {
  const t = useTranslate();
  return (
    <Show>
      <SimpleShowLayout>
        <Labeled source="created_at">
          <DateTimeText source="created_at" />
        </Labeled>
        <Labeled source="staff_email">
          <StaffText />
        </Labeled>
        <Labeled source="role">
          <RoleChip source="role" />
        </Labeled>
        <Labeled source="action">
          <ActionText />
        </Labeled>
        <Labeled source="resource_id">
          <RecordLink />
        </Labeled>
        <Labeled source="request_id">
          <MonoText source="request_id" />
        </Labeled>
        <Labeled label={t(`${R}.change`)}>
          <ChangeTable />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
