import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  email,
  Labeled,
  List,
  type RaRecord,
  ReferenceField,
  ReferenceInput,
  required,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextInput,
  usePermissions,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { can, PARTNER_ROLES } from '@shared/permissions';
import { DateTimeText, LtrText, MonoText } from '../../common/fields';
import { ListActions } from '../../common/ListActions';
import { ListTable } from '../../common/ListTable';

const R = 'resources.partner-users';

function useRoleChoices() {
  const t = useTranslate();
  return PARTNER_ROLES.map((r) => ({ id: r, name: t(`${R}.roles.${r}`) }));
}

function PartnerRole() {
  const record = useRecordContext<{ role: string }>();
  const t = useTranslate();
  return record ? <Chip size="small" label={t(`${R}.roles.${record.role}`)} /> : null;
}

function PartnerStatus() {
  const record = useRecordContext<{ status: string }>();
  const t = useTranslate();
  return record ? <Chip size="small" color={record.status === 'active' ? 'success' : 'default'} label={t(`${R}.statuses.${record.status}`)} /> : null;
}

/** The partner a portal user belongs to, by name, linking to the client. */
function ClientName() {
  return (
    <ReferenceField source="client_id" reference="clients" link="show">
      <Typography variant="body2" component="span">
        <WithName />
      </Typography>
    </ReferenceField>
  );
}

function WithName() {
  const record = useRecordContext<{ name: string }>();
  return <>{record?.name}</>;
}

export function PartnerUsersList() {
  const roles = useRoleChoices();
  const { permissions: role } = usePermissions<string>();
  const t = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <TextInput key="client_id" source="client_id" />,
    <SelectInput key="role" source="role" choices={roles} />,
    <BooleanInput key="active" source="active" />,
  ];
  return (
    <List
      filters={filters}
      actions={<ListActions>{can(role, 'create', 'partner-users') && <CreateButton label={t(`${R}.invite`)} />}</ListActions>}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
    >
      <ListTable>
        <DataTable.Col source="email">
          <LtrText source="email" />
        </DataTable.Col>
        <DataTable.Col source="client_id" disableSort>
          <ClientName />
        </DataTable.Col>
        <DataTable.Col source="role">
          <PartnerRole />
        </DataTable.Col>
        <DataTable.Col source="status" disableSort>
          <PartnerStatus />
        </DataTable.Col>
        <DataTable.Col source="last_login_at" disableSort>
          <DateTimeText source="last_login_at" />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}

/** Staff invite a partner's person; in the sandbox the answer carries the one-time link to hand over. */
export function PartnerUserInvite() {
  const roles = useRoleChoices();
  const t = useTranslate();
  const redirect = useRedirect();
  const [invited, setInvited] = useState<{ id: string; url: string } | null>(null);
  return (
    <>
      <Create
        redirect={false}
        title={t(`${R}.invite`)}
        mutationOptions={{
          onSuccess: (data: RaRecord) => {
            const url = (data as { invitation_url?: string | null }).invitation_url;
            if (url) setInvited({ id: String(data.id), url });
            else redirect('show', 'partner-users', data.id);
          },
        }}
      >
        <SimpleForm sx={{ maxWidth: 560 }}>
          <ReferenceInput source="client_id" reference="clients">
            <AutocompleteInput optionText="name" validate={required()} fullWidth filterToQuery={(q: string) => ({ q })} />
          </ReferenceInput>
          <TextInput source="email" type="email" validate={[required(), email()]} fullWidth />
          <SelectInput source="role" choices={roles} validate={required()} defaultValue="owner" fullWidth />
        </SimpleForm>
      </Create>
      {invited && (
        <Dialog open maxWidth="sm" fullWidth data-testid="invitation-dialog">
          <DialogTitle>{t(`${R}.link.title`)}</DialogTitle>
          <DialogContent>
            <Alert severity="info" sx={{ mb: 2 }}>
              {t(`${R}.link.help`)}
            </Alert>
            <Typography
              data-testid="invitation-url"
              dir="ltr"
              sx={{
                fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
                fontSize: 14,
                wordBreak: 'break-all',
                bgcolor: '#f1f5f9',
                borderRadius: 1,
                px: 1.5,
                py: 1,
              }}
            >
              {invited.url}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={() => redirect('show', 'partner-users', invited.id)}>
              {t(`${R}.link.done`)}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

export function PartnerUserShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <Labeled source="email">
          <LtrText source="email" />
        </Labeled>
        <Labeled source="client_id">
          <ClientName />
        </Labeled>
        <Labeled source="role">
          <PartnerRole />
        </Labeled>
        <Labeled source="status">
          <PartnerStatus />
        </Labeled>
        <Labeled source="last_login_at">
          <DateTimeText source="last_login_at" />
        </Labeled>
        <Labeled source="created_at">
          <DateTimeText source="created_at" />
        </Labeled>
        <Labeled source="id">
          <MonoText source="id" />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
