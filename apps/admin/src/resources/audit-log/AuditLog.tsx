import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DataTable, Labeled, List, SearchInput, SelectInput, Show, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';
import { DateTimeText, LtrText, MonoText, RoleChip } from '../../common/fields';
import { ListTable } from '../../common/ListTable';
import { ListActions } from '../../common/ListActions';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="resource" source="resource" choices={['clients', 'staff'].map((r) => ({ id: r, name: r }))} />,
];

export function AuditLogList() {
  return (
    <List filters={filters} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable>
        <DataTable.Col source="created_at"><DateTimeText source="created_at" /></DataTable.Col>
        <DataTable.Col source="staff_email"><LtrText source="staff_email" /></DataTable.Col>
        <DataTable.Col source="role" disableSort><RoleChip source="role" /></DataTable.Col>
        <DataTable.Col source="action"><MonoText source="action" /></DataTable.Col>
        <DataTable.Col source="resource" />
        <DataTable.Col source="resource_id" disableSort><MonoText source="resource_id" /></DataTable.Col>
      </ListTable>
    </List>
  );
}

const show = (v: unknown) => (v === undefined || v === null ? '—' : Array.isArray(v) ? v.join(', ') || '—' : String(v));

/** before/after as a field-by-field table, never raw JSON. */
function ChangeTable() {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const before = (record.before ?? {}) as Record<string, unknown>;
  const after = (record.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (!keys.length) return <Typography variant="body2" color="text.secondary">{t('resources.audit-log.no_change')}</Typography>;
  return (
    <Table size="small" sx={{ maxWidth: 900 }} data-testid="audit-change">
      <TableHead>
        <TableRow>
          <TableCell>{t('resources.audit-log.field')}</TableCell>
          <TableCell>{t('resources.audit-log.fields.before')}</TableCell>
          <TableCell>{t('resources.audit-log.fields.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((k) => {
          const changed = JSON.stringify(before[k]) !== JSON.stringify(after[k]) && k in before;
          return (
            <TableRow key={k}>
              <TableCell sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 13 }}>{k}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{k in before ? show(before[k]) : '—'}</TableCell>
              <TableCell sx={{ fontWeight: changed ? 700 : 400 }}>{show(after[k])}</TableCell>
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
        <Labeled source="created_at"><DateTimeText source="created_at" /></Labeled>
        <Labeled source="staff_email"><LtrText source="staff_email" /></Labeled>
        <Labeled source="role"><RoleChip source="role" /></Labeled>
        <Labeled source="action"><MonoText source="action" /></Labeled>
        <TextField source="resource" />
        <Labeled source="resource_id"><MonoText source="resource_id" /></Labeled>
        <Labeled source="request_id"><MonoText source="request_id" /></Labeled>
        <Labeled label={t('resources.audit-log.change')}><ChangeTable /></Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
