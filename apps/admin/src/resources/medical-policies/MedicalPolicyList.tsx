import { DataTable, FunctionField, List, SelectInput, useTranslate } from 'react-admin';
import { DateTimeText, LtrText } from '../../common/fields';
import { ListTable } from '../../common/ListTable';

export function MedicalPolicyList() {
  const t = useTranslate();
  const filters = [<SelectInput key="status" source="status" choices={[0, 1, 2].map((s) => ({ id: s, name: t(`resources.medical-policies.status.${s}`) }))} alwaysOn />];
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable>
        <DataTable.Col source="id" />
        <DataTable.Col source="status"><FunctionField render={(r: { status: number }) => t(`resources.medical-policies.status.${r.status}`)} /></DataTable.Col>
        <DataTable.Col source="company_id" disableSort />
        <DataTable.Col source="insurance_provider" disableSort><LtrText source="insurance_provider" /></DataTable.Col>
        <DataTable.Col source="price"><LtrText source="price" /></DataTable.Col>
        <DataTable.Col source="claims" disableSort><FunctionField render={(r: { claims: unknown[] }) => r.claims.length} /></DataTable.Col>
        <DataTable.Col source="created_at"><DateTimeText source="created_at" /></DataTable.Col>
      </ListTable>
    </List>
  );
}
