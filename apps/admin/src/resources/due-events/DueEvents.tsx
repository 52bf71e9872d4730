import Chip from '@mui/material/Chip';
import { DataTable, Labeled, List, SelectInput, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ClippedText, DateTimeText, MonoText, NumberText } from '../../common/fields';
import { ListTable } from '../../common/ListTable';
import { ListActions } from '../../common/ListActions';
import { RerunDueEventButton } from './RerunDueEventButton';

const R = 'resources.due-events';
const STATES = ['pending', 'fired', 'failed'];
const KINDS = ['payment.lapse', 'policy.renewal_due', 'policy.expiry', 'claim.overdue'];
const COLORS: Record<string, 'success' | 'warning' | 'error'> = { fired: 'success', pending: 'warning', failed: 'error' };

function StateChip({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const state = String(record[source]);
  return (
    <Chip
      size="small"
      color={COLORS[state] ?? 'default'}
      variant={state === 'fired' ? 'filled' : 'outlined'}
      label={t(`${R}.states.${state}`, { _: state })}
      data-testid="due-event-state"
    />
  );
}

function KindText({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const kind = String(record[source]);
  return <>{t(`${R}.kinds.${kind.replace('.', '_')}`, { _: kind })}</>;
}

function StateFilter(props: { source: string; alwaysOn?: boolean }) {
  const t = useTranslate();
  return <SelectInput {...props} choices={STATES.map((s) => ({ id: s, name: t(`${R}.states.${s}`) }))} />;
}

function KindFilter(props: { source: string; alwaysOn?: boolean }) {
  const t = useTranslate();
  return <SelectInput {...props} choices={KINDS.map((k) => ({ id: k, name: t(`${R}.kinds.${k.replace('.', '_')}`) }))} />;
}

const filters = [<StateFilter key="state" source="state" alwaysOn />, <KindFilter key="kind" source="kind" alwaysOn />];

/** Scheduled events: what time makes happen, what fired, and the failed ones to run again once their cause is fixed. */
export function DueEventList() {
  return (
    <List filters={filters} actions={<ListActions />} sort={{ field: 'due_at', order: 'DESC' }} perPage={25}>
      <ListTable card={{ title: ['kind'], end: ['state'], plain: ['subject'], footer: ['actions'] }}>
        <DataTable.Col source="due_at">
          <DateTimeText source="due_at" />
        </DataTable.Col>
        <DataTable.Col source="kind">
          <KindText source="kind" />
        </DataTable.Col>
        <DataTable.Col source="subject" disableSort>
          <MonoText source="subject" />
        </DataTable.Col>
        <DataTable.Col source="state">
          <StateChip source="state" />
        </DataTable.Col>
        <DataTable.Col source="attempts">
          <NumberText source="attempts" />
        </DataTable.Col>
        <DataTable.Col source="last_error" disableSort>
          <ClippedText source="last_error" alarm={(r) => r.state === 'failed'} testId="due-event-error" />
        </DataTable.Col>
        <DataTable.Col source="fired_at" disableSort>
          <DateTimeText source="fired_at" />
        </DataTable.Col>
        <DataTable.Col source="actions" disableSort>
          <RerunDueEventButton />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <RerunDueEventButton />
    </TopToolbar>
  );
}

export function DueEventShow() {
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <Labeled source="id">
          <MonoText source="id" />
        </Labeled>
        <Labeled source="kind">
          <KindText source="kind" />
        </Labeled>
        <Labeled source="subject">
          <MonoText source="subject" />
        </Labeled>
        <Labeled source="state">
          <StateChip source="state" />
        </Labeled>
        <Labeled source="due_at">
          <DateTimeText source="due_at" />
        </Labeled>
        <Labeled source="attempts">
          <NumberText source="attempts" />
        </Labeled>
        <Labeled source="last_error">
          <TextField source="last_error" emptyText="—" />
        </Labeled>
        <Labeled source="lease_until">
          <DateTimeText source="lease_until" />
        </Labeled>
        <Labeled source="fired_at">
          <DateTimeText source="fired_at" />
        </Labeled>
        <Labeled source="clock_id">
          <MonoText source="clock_id" />
        </Labeled>
        <Labeled source="created_at">
          <DateTimeText source="created_at" />
        </Labeled>
        <Labeled source="updated_at">
          <DateTimeText source="updated_at" />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
