import { DataTable, DateInput, List, SelectInput, TextInput, useTranslate } from 'react-admin';
import { DateTimeText, LtrText, MonoText } from '../../common/fields';
import { InsurerName, MoneyText, MotorStatusChip } from '../motor-quote-requests/motor-fields';
import { QuoteRequestLink } from './QuoteRequestLink';
import { ListTable } from '../../common/ListTable';
import { ListActions } from '../../common/ListActions';

const STATUSES = ['pending', 'issued', 'expired'];

function useFilters() {
  const t = useTranslate();
  return [
    <SelectInput key="status" source="status" alwaysOn choices={STATUSES.map((s) => ({ id: s, name: t(`resources.motor-policies.status.${s}`) }))} />,
    <TextInput key="insurer_code" source="insurer_code" alwaysOn resettable />,
    <DateInput key="created_from" source="created_from" />,
    <DateInput key="created_to" source="created_to" />,
  ];
}

export function PolicyList() {
  return (
    <List filters={useFilters()} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable card={{ plain: ['client_name'] }}>
        <DataTable.Col source="id">
          <MonoText source="id" />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="client_name" disableSort />
        <DataTable.Col source="insurer_code">
          <InsurerName />
        </DataTable.Col>
        <DataTable.Col source="owner_id" disableSort>
          <LtrText source="owner_id" />
        </DataTable.Col>
        <DataTable.Col source="status">
          <MotorStatusChip source="status" resource="motor-policies" />
        </DataTable.Col>
        <DataTable.Col source="price">
          <MoneyText source="price" />
        </DataTable.Col>
        <DataTable.Col source="quote_request_id" disableSort>
          <QuoteRequestLink source="quote_request_id" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
