import { DataTable, FunctionField, List, SelectInput, TextInput, useTranslate } from 'react-admin';
import { ListActions } from '../../common/ListActions';
import { DateTimeText, EnumText, LocalizedText, LtrText, MoneyText } from '../../common/fields';
import { ListTable } from '../../common/ListTable';

const R = 'resources.life-policies';

function useFilters() {
  const t = useTranslate();
  return [
    <SelectInput key="status" source="status" alwaysOn choices={[0, 1, 2, 4].map((s) => ({ id: s, name: t(`${R}.status.${s}`) }))} />,
    <TextInput key="client_id" source="client_id" />,
    <TextInput key="insurer_code" source="insurer_code" />,
  ];
}

export function LifePolicyList() {
  const t = useTranslate();
  return (
    <List filters={useFilters()} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable>
        <DataTable.Col source="id" />
        <DataTable.Col source="status">
          <FunctionField render={(r: { status: number }) => t(`${R}.status.${r.status}`)} />
        </DataTable.Col>
        <DataTable.Col source="insurer" disableSort>
          <LocalizedText source="insurer" />
        </DataTable.Col>
        <DataTable.Col source="applicant_id" disableSort>
          <LtrText source="applicant_id" />
        </DataTable.Col>
        <DataTable.Col source="premium_amount" disableSort>
          <MoneyText source="premium_amount" />
        </DataTable.Col>
        <DataTable.Col source="premium_frequency" disableSort>
          <EnumText source="premium_frequency" group="premium_frequency" />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
