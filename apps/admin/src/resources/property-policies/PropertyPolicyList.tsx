import { DataTable, DateInput, List, SearchInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { ListActions } from '../../common/ListActions';
import { DateTimeText, EnumText } from '../../common/fields';
import { CustomerName, PolicyStatusChip, PriceField, StartDate } from './PropertyPolicyFields';
import { ListTable } from '../../common/ListTable';

function useFilters() {
  const t = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={[0, 1, 2, 4].map((s) => ({ id: s, name: t(`resources.property-policies.status.${s}`) }))} />,
    <TextInput key="insurer_code" source="insurer_code" />,
    <TextInput key="nationality_id" source="nationality_id" />,
    <DateInput key="created_from" source="created_from" />,
    <DateInput key="created_to" source="created_to" />,
  ];
}

export function PropertyPolicyList() {
  return (
    <List filters={useFilters()} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable card={{ plain: ['customer'] }}>
        <DataTable.Col source="id" />
        <DataTable.Col source="status">
          <PolicyStatusChip />
        </DataTable.Col>
        <DataTable.Col source="customer" disableSort>
          <CustomerName />
        </DataTable.Col>
        <DataTable.Col source="insurer_code" disableSort>
          <EnumText source="insurer_code" group="insurer" />
        </DataTable.Col>
        <DataTable.Col source="price">
          <PriceField />
        </DataTable.Col>
        <DataTable.Col source="start_date">
          <StartDate />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
