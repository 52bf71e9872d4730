import { AutocompleteInput, DataTable, List, ReferenceField, ReferenceInput, SelectInput, TextInput, usePermissions, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { BulkResendButton } from './BulkResendButton';
import { DateTimeText, NumberText } from '../../common/fields';
import { WEBHOOK_EVENTS } from '../webhook-endpoints/webhook-api';
import { DeliveryStatusChip } from './DeliveryStatusChip';
import { EventName } from './EventName';
import { ListTable } from '../../common/ListTable';
import { ListActions } from '../../common/ListActions';

function useFilters() {
  const t = useTranslate();
  return [
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      choices={['pending', 'delivered', 'failed'].map((s) => ({ id: s, name: t(`resources.webhook-deliveries.status.${s}`) }))}
    />,
    <SelectInput key="event_type" source="event_type" choices={WEBHOOK_EVENTS.map((e) => ({ id: e, name: t(`resources.webhook-endpoints.events.${e}`) }))} />,
    <ReferenceInput key="client_id" source="client_id" reference="clients">
      <AutocompleteInput optionText="name" />
    </ReferenceInput>,
    <TextInput key="endpoint_id" source="endpoint_id" />,
    <TextInput key="policy_id" source="policy_id" parse={(v: string) => (/^\d+$/.test(v) ? Number(v) : undefined)} />,
  ];
}

export function WebhookDeliveryList() {
  const { permissions: role } = usePermissions<string>();
  return (
    <List filters={useFilters()} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      {/* selecting rows only where the role may resend them */}
      <ListTable bulkActionButtons={can(role, 'resend', 'webhook-deliveries') ? <BulkResendButton /> : false}>
        <DataTable.Col source="created_at">
          <DateTimeText source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="event_type" disableSort>
          <EventName />
        </DataTable.Col>
        <DataTable.Col source="client_id" disableSort>
          <ReferenceField source="client_id" reference="clients" link={false} />
        </DataTable.Col>
        <DataTable.Col source="policy_id" disableSort />
        <DataTable.Col source="status">
          <DeliveryStatusChip />
        </DataTable.Col>
        <DataTable.Col source="attempt_count">
          <NumberText source="attempt_count" />
        </DataTable.Col>
        <DataTable.Col source="last_status_code" disableSort />
        <DataTable.Col source="next_attempt_at">
          <DateTimeText source="next_attempt_at" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
