import { DataTable, FunctionField, List, SelectInput, TextInput, useTranslate } from 'react-admin';
import { ListActions } from '../../common/ListActions';
import { DateTimeText, EnumText, MoneyText } from '../../common/fields';
import { ListTable } from '../../common/ListTable';

const R = 'resources.horse-policies';

function useFilters() {
  const t = useTranslate();
  return [
    <SelectInput key="status" source="status" alwaysOn choices={[0, 1, 2, 4].map((s) => ({ id: s, name: t(`${R}.status.${s}`) }))} />,
    <TextInput key="client_id" source="client_id" />,
  ];
}

export function HorsePolicyList() {
  const t = useTranslate();
  return (
    <List filters={useFilters()} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable>
        <DataTable.Col source="id" />
        <DataTable.Col source="status">
          <FunctionField render={(r: { status: number }) => t(`${R}.status.${r.status}`)} />
        </DataTable.Col>
        <DataTable.Col source="horse.name" disableSort />
        <DataTable.Col source="horse.use" disableSort>
          <EnumText source="horse.use" group="horse_use" />
        </DataTable.Col>
        <DataTable.Col source="price" disableSort>
          <MoneyText source="price" />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
