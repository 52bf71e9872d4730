import { BooleanInput, DataTable, List, SearchInput, TextField } from 'react-admin';
import { DateTimeText, LtrText, MoneyText, NumberText } from '../../common/fields';
import { ListActions } from '../../common/ListActions';
import { ListTable } from '../../common/ListTable';

// the dashboard's figures open this list with one of the two switches on
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BooleanInput key="missing_declarations" source="missing_declarations" label="resources.medical-companies.fields.missing_declarations" />,
  <BooleanInput key="payment_due" source="payment_due" label="resources.medical-companies.fields.payment_due_only" />,
];

export function MedicalCompanyList() {
  return (
    <List filters={filters} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable card={{ title: ['name'], hide: ['id'] }}>
        <DataTable.Col source="id" />
        <DataTable.Col source="name">
          <TextField source="name" />
        </DataTable.Col>
        <DataTable.Col source="commercial_registration_number" disableSort>
          <LtrText source="commercial_registration_number" />
        </DataTable.Col>
        <DataTable.Col source="city" disableSort />
        <DataTable.Col source="employee_count" disableSort>
          <NumberText source="employee_count" />
        </DataTable.Col>
        <DataTable.Col source="undeclared_count" disableSort>
          <NumberText source="undeclared_count" />
        </DataTable.Col>
        <DataTable.Col source="payment_due" disableSort>
          <MoneyText source="payment_due" />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
