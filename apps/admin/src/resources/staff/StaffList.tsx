import { BooleanInput, CreateButton, DataTable, List, SearchInput, SelectInput, usePermissions, useTranslate } from 'react-admin';
import { can, STAFF_ROLES } from '@shared/permissions';
import { DateTimeText, LtrText, RoleChip, StatusChip } from '../../common/fields';
import { ListTable } from '../../common/ListTable';
import { ListActions } from '../../common/ListActions';

export function useRoleChoices() {
  const t = useTranslate();
  return STAFF_ROLES.map((r) => ({ id: r, name: t(`app.role.${r}`) }));
}

export function StaffList() {
  const roles = useRoleChoices();
  const { permissions: role } = usePermissions<string>();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="role" source="role" choices={roles} />,
    <BooleanInput key="active" source="active" />,
  ];
  return (
    <List
      filters={filters}
      actions={<ListActions>{can(role, 'create', 'staff') && <CreateButton />}</ListActions>}
      sort={{ field: 'email', order: 'ASC' }}
      perPage={25}
    >
      <ListTable>
        <DataTable.Col source="name" />
        <DataTable.Col source="email">
          <LtrText source="email" />
        </DataTable.Col>
        <DataTable.Col source="role">
          <RoleChip source="role" />
        </DataTable.Col>
        <DataTable.Col source="active">
          <StatusChip source="active" />
        </DataTable.Col>
        <DataTable.Col source="last_login_at">
          <DateTimeText source="last_login_at" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
