import { DataTable, FunctionField, List, SelectInput, useTranslate } from 'react-admin';
import { DateTimeText, EnumText, MoneyText } from '../../common/fields';
import { useFormat } from '../../common/format';
import { ListTable } from '../../common/ListTable';
import { ListActions } from '../../common/ListActions';

export function MedicalPolicyList() {
  const t = useTranslate();
  const f = useFormat();
  const filters = [
    <SelectInput key="status" source="status" choices={[0, 1, 2, 4].map((s) => ({ id: s, name: t(`resources.medical-policies.status.${s}`) }))} alwaysOn />,
  ];
  return (
    <List filters={filters} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable>
        <DataTable.Col source="id" />
        <DataTable.Col source="status">
          <FunctionField render={(r: { status: number }) => t(`resources.medical-policies.status.${r.status}`)} />
        </DataTable.Col>
        <DataTable.Col source="company_id" disableSort />
        <DataTable.Col source="insurance_provider" disableSort>
          <EnumText source="insurance_provider" group="insurer" />
        </DataTable.Col>
        <DataTable.Col source="price">
          <MoneyText source="price" />
        </DataTable.Col>
        <DataTable.Col source="claims" disableSort>
          <FunctionField render={(r: { claims: unknown[] }) => f.number(r.claims.length)} />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
