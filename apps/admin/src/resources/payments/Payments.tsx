import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  BooleanInput,
  DataTable,
  DateInput,
  Labeled,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ClientName, DateTimeText, LtrText, MonoText } from '../../common/fields';
import { useFormat } from '../../common/format';
import { AmountText, PaymentStatusChip, PolicyRef, PolicyTypeFilter } from './PaymentFields';
import { ListTable } from '../../common/ListTable';
import { ListActions } from '../../common/ListActions';

const STATUSES = ['pending', 'failed', 'paid', 'expired', 'cancelled', 'refunded'];

function StatusFilter(props: { source: string; alwaysOn?: boolean }) {
  const t = useTranslate();
  return <SelectInput {...props} choices={STATUSES.map((s) => ({ id: s, name: t(`resources.payments.status.${s}`) }))} />;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <StatusFilter key="status" source="status" alwaysOn />,
  <BooleanInput key="open" source="open" />,
  <TextInput key="client_id" source="client_id" />,
  <PolicyTypeFilter key="policy_type" source="policy_type" />,
  <DateInput key="date_from" source="date_from" />,
  <DateInput key="date_to" source="date_to" />,
];

export function PaymentList() {
  return (
    <List filters={filters} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable card={{ title: ['amount'], plain: ['policy_id', 'client_name'] }}>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="status">
          <PaymentStatusChip source="status" />
        </DataTable.Col>
        <DataTable.Col source="amount">
          <AmountText source="amount" />
        </DataTable.Col>
        <DataTable.Col source="policy_id" disableSort>
          <PolicyRef source="policy_id" />
        </DataTable.Col>
        <DataTable.Col source="client_name" disableSort />
        <DataTable.Col source="vendor_reference" disableSort>
          <MonoText source="vendor_reference" />
        </DataTable.Col>
        <DataTable.Col source="paid_at">
          <DateTimeText source="paid_at" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}

/** The vendor callbacks received for the payment, oldest first. */
function Callbacks() {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  const rows = (record?.callbacks ?? []) as Array<{ event_id: string; outcome: string; received_at: string }>;
  if (!rows.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('resources.payments.no_callbacks')}
      </Typography>
    );
  return (
    <Table size="small" sx={{ maxWidth: 700 }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('resources.payments.callback.event')}</TableCell>
          <TableCell>{t('resources.payments.callback.outcome')}</TableCell>
          <TableCell>{t('resources.payments.callback.received')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((c) => (
          <TableRow key={c.event_id}>
            <TableCell dir="ltr" sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 }}>
              {c.event_id}
            </TableCell>
            <TableCell>{c.outcome}</TableCell>
            <TableCell>{f.dateTime(c.received_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Why the payment ended as it did, when its status alone does not say. */
function StatusReason() {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record?.status_reason) return <Typography variant="body2">—</Typography>;
  return (
    <Typography variant="body2" data-testid="payment-status-reason">
      {t(`resources.payments.reasons.${String(record.status_reason)}`, { _: String(record.status_message ?? record.status_reason) })}
    </Typography>
  );
}

/** Each refund of the payment: how much, why, and whether the vendor paid it back yet. */
function Refunds() {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  const rows = (record?.refunds ?? []) as Array<{ id: string; amount: number; status: string; reason: string; created_at: string; refunded_at: string | null }>;
  if (!rows.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('resources.payments.no_refunds')}
      </Typography>
    );
  return (
    <Table size="small" sx={{ maxWidth: 900 }} data-testid="payment-refunds">
      <TableHead>
        <TableRow>
          <TableCell>{t('resources.payments.refund.amount')}</TableCell>
          <TableCell>{t('resources.payments.refund.status')}</TableCell>
          <TableCell>{t('resources.payments.refund.reason')}</TableCell>
          <TableCell>{t('resources.payments.refund.created')}</TableCell>
          <TableCell>{t('resources.payments.refund.refunded')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell dir="ltr" sx={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}>
              {f.money(r.amount)}
            </TableCell>
            <TableCell>{t(`resources.payments.refund_status.${r.status}`, { _: r.status })}</TableCell>
            <TableCell>{t(`resources.refunds.reasons.${r.reason}`, { _: r.reason })}</TableCell>
            <TableCell>{f.dateTime(r.created_at)}</TableCell>
            <TableCell>{r.refunded_at ? f.dateTime(r.refunded_at) : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function PaymentShow() {
  const t = useTranslate();
  return (
    <Show>
      <SimpleShowLayout>
        <Labeled source="id">
          <MonoText source="id" />
        </Labeled>
        <Labeled source="status">
          <PaymentStatusChip source="status" />
        </Labeled>
        <Labeled source="status_reason">
          <StatusReason />
        </Labeled>
        <Labeled source="amount">
          <AmountText source="amount" />
        </Labeled>
        <Labeled source="refunded_amount">
          <AmountText source="refunded_amount" />
        </Labeled>
        <Labeled source="policy_id">
          <PolicyRef source="policy_id" />
        </Labeled>
        <Labeled source="client_name">
          <TextField source="client_name" />
        </Labeled>
        <Labeled source="client_id">
          <ClientName />
        </Labeled>
        <Labeled source="vendor_reference">
          <MonoText source="vendor_reference" />
        </Labeled>
        <Labeled source="failure_code">
          <MonoText source="failure_code" />
        </Labeled>
        <Labeled source="payment_link">
          <LtrText source="payment_link" />
        </Labeled>
        <Labeled source="created_at">
          <DateTimeText source="created_at" />
        </Labeled>
        <Labeled source="expires_at">
          <DateTimeText source="expires_at" />
        </Labeled>
        <Labeled source="paid_at">
          <DateTimeText source="paid_at" />
        </Labeled>
        <Labeled label={t('resources.payments.refunds')}>
          <Refunds />
        </Labeled>
        <Labeled label={t('resources.payments.callbacks')}>
          <Callbacks />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
