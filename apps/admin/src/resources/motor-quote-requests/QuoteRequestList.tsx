import { DataTable, DateInput, List, SelectInput, TextInput, useTranslate } from 'react-admin';
import { DateTimeText, LtrText, MonoText, NumberText } from '../../common/fields';
import { MotorStatusChip } from './motor-fields';
import { ListTable } from '../../common/ListTable';
import { ListActions } from '../../common/ListActions';

const STATUSES = ['quoted', 'no_offers', 'failed'];

function useFilters() {
  const t = useTranslate();
  return [
    <TextInput key="owner_id" source="owner_id" alwaysOn resettable />,
    <SelectInput key="status" source="status" alwaysOn choices={STATUSES.map((s) => ({ id: s, name: t(`resources.motor-quote-requests.status.${s}`) }))} />,
    <DateInput key="created_from" source="created_from" />,
    <DateInput key="created_to" source="created_to" />,
  ];
}

export function QuoteRequestList() {
  return (
    <List filters={useFilters()} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable>
        <DataTable.Col source="id">
          <MonoText source="id" />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="client_name" />
        <DataTable.Col source="owner_id" disableSort>
          <LtrText source="owner_id" />
        </DataTable.Col>
        <DataTable.Col source="status">
          <MotorStatusChip source="status" resource="motor-quote-requests" />
        </DataTable.Col>
        <DataTable.Col source="offer_count">
          <NumberText source="offer_count" />
        </DataTable.Col>
        <DataTable.Col source="answered_count" disableSort>
          <NumberText source="answered_count" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
