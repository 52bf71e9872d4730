import Chip from '@mui/material/Chip';
import { ListActions } from '../../common/ListActions';
import {
  BooleanInput,
  CreateButton,
  DataTable,
  List,
  ReferenceField,
  ReferenceInput,
  AutocompleteInput,
  SearchInput,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { can } from '@shared/permissions';
import { DateTimeText, LtrText, StatusChip } from '../../common/fields';
import { ListTable } from '../../common/ListTable';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="client_id" source="client_id" reference="clients">
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
  <BooleanInput key="active" source="active" />,
];

export function EventChips() {
  const record = useRecordContext();
  const t = useTranslate();
  return (
    <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
      {((record?.events as string[]) ?? []).map((e) => (
        <Chip key={e} size="small" variant="outlined" label={t(`resources.webhook-endpoints.events.${e}`, { _: e })} />
      ))}
    </span>
  );
}

function Actions() {
  const { permissions: role } = usePermissions<string>();
  return <ListActions>{can(role, 'create', 'webhook-endpoints') && <CreateButton />}</ListActions>;
}

export function WebhookEndpointList() {
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable>
        <DataTable.Col source="url">
          <LtrText source="url" />
        </DataTable.Col>
        <DataTable.Col source="client_id" disableSort>
          <ReferenceField source="client_id" reference="clients" link={false} />
        </DataTable.Col>
        <DataTable.Col source="events" disableSort>
          <EventChips />
        </DataTable.Col>
        <DataTable.Col source="active">
          <StatusChip source="active" />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
