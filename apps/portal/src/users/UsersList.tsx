import Chip from '@mui/material/Chip';
import {
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  List,
  TopToolbar,
  useGetIdentity,
  useLocale,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { partnerCan } from '@shared/permissions';
import { intlLocale } from '../i18n/i18nProvider';

interface UserRecord {
  id: string;
  email: string;
  role: string;
  status: string;
  last_login_at: string | null;
}

function Actions() {
  const { permissions: role } = usePermissions<string>();
  return <TopToolbar>{partnerCan(role, 'manage_users') && <CreateButton label="portal.users.invite" data-testid="invite-user" />}</TopToolbar>;
}

function RemoveButton() {
  const record = useRecordContext<UserRecord>();
  const { identity } = useGetIdentity();
  const { permissions: role } = usePermissions<string>();
  const t = useTranslate();
  if (!record || !partnerCan(role, 'manage_users') || record.id === identity?.id) return null;
  return (
    <DeleteWithConfirmButton
      label="portal.users.remove"
      confirmTitle={t('portal.users.remove_title', { email: record.email })}
      confirmContent="portal.users.remove_body"
      mutationMode="pessimistic"
      redirect={false}
    />
  );
}

/** The partner's team: who is invited, who signs in; owners invite and remove. */
export function UsersList() {
  const t = useTranslate();
  const locale = useLocale();
  const { identity } = useGetIdentity();
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';
  return (
    <List actions={<Actions />} pagination={false} perPage={500} sort={{ field: 'email', order: 'ASC' }} title="portal.users.title">
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col
          source="email"
          label="portal.users.email"
          render={(r: UserRecord) => (
            <span dir="ltr">
              {r.email}
              {r.id === identity?.id ? ` (${t('portal.users.you')})` : ''}
            </span>
          )}
        />
        <DataTable.Col source="role" label="portal.users.role" render={(r: UserRecord) => t(`portal.role.${r.role}`)} />
        <DataTable.Col
          source="status"
          label="portal.users.status"
          render={(r: UserRecord) => <Chip size="small" color={r.status === 'active' ? 'success' : 'default'} label={t(`portal.users.statuses.${r.status}`)} />}
        />
        <DataTable.Col source="last_login_at" label="portal.users.last_login_at" render={(r: UserRecord) => when(r.last_login_at)} />
        <DataTable.Col label=" " disableSort>
          <RemoveButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
