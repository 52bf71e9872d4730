import { BooleanInput, CreateButton, DataTable, List, SearchInput, SelectInput, usePermissions } from 'react-admin';
import { ListActions } from '../../common/ListActions';
import { can } from '@shared/permissions';
import { PRODUCTS } from '@shared/products';
import { DateTimeText, LtrText, ProductCount, StatusChip } from '../../common/fields';
import { ListTable } from '../../common/ListTable';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BooleanInput key="active" source="active" />,
  <SelectInput key="product" source="product" choices={PRODUCTS.map((p) => ({ id: p.code, name: p.name }))} />,
];

function Actions() {
  const { permissions: role } = usePermissions<string>();
  return <ListActions>{can(role, 'create', 'clients') && <CreateButton />}</ListActions>;
}

export function ClientList() {
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable>
        <DataTable.Col source="name" />
        <DataTable.Col source="active">
          <StatusChip source="active" />
        </DataTable.Col>
        <DataTable.Col source="products" disableSort>
          <ProductCount source="products" />
        </DataTable.Col>
        <DataTable.Col source="contact_email" disableSort>
          <LtrText source="contact_email" />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
