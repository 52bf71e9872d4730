import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import WebhookIcon from '@mui/icons-material/WebhookOutlined';
import { CreateButton, DataTable, List, TopToolbar, usePermissions, useTranslate } from 'react-admin';
import { partnerCan } from '@shared/permissions';
import { ListTable } from '../../../admin/src/common/ListTable';
import type { WebhookEndpoint } from '../providers/api';
import { EndpointStatusChip, EventChips, useWhen } from './webhook-parts';

function Actions() {
  const { permissions: role } = usePermissions<string>();
  return <TopToolbar>{partnerCan(role, 'manage_webhooks') && <CreateButton label="portal.webhooks.register" data-testid="register-endpoint" />}</TopToolbar>;
}

/** No endpoint yet: what one is for, and the way to register one (or who may). */
function NoEndpoints() {
  const t = useTranslate();
  const { permissions: role } = usePermissions<string>();
  return (
    <Box sx={{ textAlign: 'center', mt: 6, mx: 'auto', px: 2, maxWidth: 520 }} data-testid="no-endpoints">
      <WebhookIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {t('portal.webhooks.no_endpoints')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
        {t('portal.webhooks.url_help')}
      </Typography>
      {partnerCan(role, 'manage_webhooks') ? (
        <CreateButton variant="contained" label="portal.webhooks.register" data-testid="register-endpoint" />
      ) : (
        <Typography variant="body2">{t('portal.webhooks.not_allowed')}</Typography>
      )}
    </Box>
  );
}

/** The partner's webhook endpoints: every role reads them, owners and developers register more. */
export function WebhookEndpointList() {
  const t = useTranslate();
  const when = useWhen();
  return (
    <List
      actions={<Actions />}
      pagination={false}
      perPage={500}
      sort={{ field: 'created_at', order: 'DESC' }}
      title="portal.webhooks.endpoints"
      empty={<NoEndpoints />}
    >
      <ListTable>
        <DataTable.Col
          source="url"
          label="portal.webhooks.url"
          render={(r: WebhookEndpoint) => (
            <span dir="ltr" style={{ overflowWrap: 'anywhere' }} data-testid="endpoint-url">
              {r.url}
            </span>
          )}
        />
        <DataTable.Col source="events" label="portal.webhooks.events" disableSort>
          <EventChips />
        </DataTable.Col>
        <DataTable.Col source="active" label="portal.webhooks.status">
          <EndpointStatusChip />
        </DataTable.Col>
        <DataTable.Col source="description" label="portal.webhooks.description" render={(r: WebhookEndpoint) => r.description ?? '—'} />
        <DataTable.Col source="created_at" label="portal.webhooks.created_at" render={(r: WebhookEndpoint) => when(r.created_at)} />
        <DataTable.Col label={t('portal.webhooks.secret_version')} source="secret_version" />
      </ListTable>
    </List>
  );
}
