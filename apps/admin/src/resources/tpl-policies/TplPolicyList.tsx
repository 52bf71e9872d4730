import { DataTable, List, SearchInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { ListActions } from '../../common/ListActions';
import { DateTimeText, EnumText } from '../../common/fields';
import { MetaText, TplPriceField, TplStatusChip } from './TplPolicyFields';
import { ListTable } from '../../common/ListTable';

function useFilters() {
  const t = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={[0, 1, 2, 3, 4].map((s) => ({ id: s, name: t(`resources.tpl-policies.status.${s}`) }))} />,
    <TextInput key="client_id" source="client_id" />,
  ];
}

export function TplPolicyList() {
  return (
    <List filters={useFilters()} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable>
        <DataTable.Col source="id" />
        <DataTable.Col source="status">
          <TplStatusChip />
        </DataTable.Col>
        <DataTable.Col source="vin" disableSort>
          <MetaText field="vin" />
        </DataTable.Col>
        <DataTable.Col source="car_sequence_number" disableSort>
          <MetaText field="car_sequence_number" />
        </DataTable.Col>
        <DataTable.Col source="insurance_company_id" disableSort>
          <EnumText source="insurance_company_id" group="insurer" />
        </DataTable.Col>
        <DataTable.Col source="price">
          <TplPriceField />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
