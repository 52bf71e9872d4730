import { DataTable, Labeled, Pagination, ReferenceField, ReferenceManyField, Show, SimpleShowLayout, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateTimeText, LtrText, MonoText, StatusChip } from '../../common/fields';
import { DeliveryStatusChip } from '../webhook-deliveries/DeliveryStatusChip';
import { EventChips } from './WebhookEndpointList';
import { RotateWebhookSecretButton, SendTestEventButton, WebhookActivationButton } from './WebhookEndpointActions';
import { ListTable } from '../../common/ListTable';

function Actions() {
  return (
    <TopToolbar sx={{ gap: 1 }}>
      <SendTestEventButton />
      <RotateWebhookSecretButton />
      <WebhookActivationButton />
    </TopToolbar>
  );
}

export function WebhookEndpointShow() {
  const t = useTranslate();
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <Labeled source="url">
          <LtrText source="url" />
        </Labeled>
        <ReferenceField source="client_id" reference="clients" />
        <Labeled source="events">
          <EventChips />
        </Labeled>
        <Labeled source="active">
          <StatusChip source="active" />
        </Labeled>
        <TextField source="description" emptyText="—" />
        <Labeled source="id">
          <MonoText source="id" />
        </Labeled>
        <TextField source="secret_version" />
        <Labeled source="created_at">
          <DateTimeText source="created_at" />
        </Labeled>
        <Labeled label={t('resources.webhook-endpoints.deliveries')} fullWidth>
          <ReferenceManyField
            reference="webhook-deliveries"
            target="endpoint_id"
            sort={{ field: 'created_at', order: 'DESC' }}
            perPage={10}
            pagination={<Pagination />}
          >
            <ListTable rowClick={(id) => `/webhook-deliveries/${id}/show`}>
              <DataTable.Col source="created_at">
                <DateTimeText source="created_at" />
              </DataTable.Col>
              <DataTable.Col source="event_type">
                <MonoText source="event_type" />
              </DataTable.Col>
              <DataTable.Col source="policy_id" />
              <DataTable.Col source="status">
                <DeliveryStatusChip />
              </DataTable.Col>
              <DataTable.Col source="attempt_count" />
              <DataTable.Col source="last_status_code" />
            </ListTable>
          </ReferenceManyField>
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
