import Chip from '@mui/material/Chip';
import {
  DataTable,
  DateInput,
  Labeled,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
  Link as RaLink,
  useCreatePath,
} from 'react-admin';
import { ClippedText, DateTimeText, MonoText, NumberText } from '../../common/fields';
import { AmountText, PolicyRef, PolicyTypeFilter } from '../payments/PaymentFields';
import { RetryRefundButton } from './RetryRefundButton';
import { ListTable } from '../../common/ListTable';
import { ListActions } from '../../common/ListActions';

const STATUSES = ['pending', 'succeeded', 'failed'];
const COLORS: Record<string, 'success' | 'warning' | 'error'> = { succeeded: 'success', pending: 'warning', failed: 'error' };

export function RefundStatusChip({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const status = String(record[source]);
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      variant={status === 'succeeded' ? 'filled' : 'outlined'}
      label={t(`resources.payments.refund_status.${status}`, { _: status })}
      data-testid="refund-status"
    />
  );
}

function Reason({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  return <>{t(`resources.refunds.reasons.${String(record[source])}`, { _: String(record[source]) })}</>;
}

/** The payment the refund gives money back from. */
function PaymentLink({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <RaLink
      to={createPath({ resource: 'payments', type: 'show', id: String(record[source]) })}
      onClick={(e: { stopPropagation(): void }) => e.stopPropagation()}
      data-testid="refund-payment-link"
    >
      <MonoText source={source} />
    </RaLink>
  );
}

function StatusFilter(props: { source: string; alwaysOn?: boolean }) {
  const t = useTranslate();
  return <SelectInput {...props} choices={STATUSES.map((s) => ({ id: s, name: t(`resources.payments.refund_status.${s}`) }))} />;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <StatusFilter key="status" source="status" alwaysOn />,
  <PolicyTypeFilter key="policy_type" source="policy_type" />,
  <DateInput key="date_from" source="date_from" />,
  <DateInput key="date_to" source="date_to" />,
];

export function RefundList() {
  return (
    <List filters={filters} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable card={{ title: ['amount'], plain: ['policy_id', 'client_name'] }}>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="status">
          <RefundStatusChip source="status" />
        </DataTable.Col>
        <DataTable.Col source="amount">
          <AmountText source="amount" />
        </DataTable.Col>
        <DataTable.Col source="policy_id" disableSort>
          <PolicyRef source="policy_id" />
        </DataTable.Col>
        <DataTable.Col source="client_name" disableSort />
        <DataTable.Col source="attempts">
          <NumberText source="attempts" />
        </DataTable.Col>
        <DataTable.Col source="last_error" disableSort>
          <ClippedText source="last_error" />
        </DataTable.Col>
        <DataTable.Col source="refunded_at">
          <DateTimeText source="refunded_at" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <RetryRefundButton />
    </TopToolbar>
  );
}

export function RefundShow() {
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <Labeled source="id">
          <MonoText source="id" />
        </Labeled>
        <Labeled source="status">
          <RefundStatusChip source="status" />
        </Labeled>
        <Labeled source="amount">
          <AmountText source="amount" />
        </Labeled>
        <Labeled source="reason">
          <Reason source="reason" />
        </Labeled>
        <Labeled source="policy_id">
          <PolicyRef source="policy_id" />
        </Labeled>
        <Labeled source="payment_id">
          <PaymentLink source="payment_id" />
        </Labeled>
        <Labeled source="client_name">
          <TextField source="client_name" />
        </Labeled>
        <Labeled source="attempts">
          <NumberText source="attempts" />
        </Labeled>
        <Labeled source="last_error">
          <TextField source="last_error" emptyText="—" />
        </Labeled>
        <Labeled source="next_attempt_at">
          <DateTimeText source="next_attempt_at" />
        </Labeled>
        <Labeled source="refunded_at">
          <DateTimeText source="refunded_at" />
        </Labeled>
        <Labeled source="vendor_payment_id">
          <MonoText source="vendor_payment_id" />
        </Labeled>
        <Labeled source="vendor_refund_id">
          <MonoText source="vendor_refund_id" />
        </Labeled>
        <Labeled source="created_at">
          <DateTimeText source="created_at" />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
