import { List, SelectInput, TopToolbar, useTranslate } from 'react-admin';
import { DeliveriesTable } from './WebhookEndpointShow';

/** Every delivery of the partner, newest first; filter by status. */
export function WebhookDeliveryList() {
  const t = useTranslate();
  const filters = [
    <SelectInput
      key="status"
      source="status"
      label="portal.webhooks.delivery.status"
      alwaysOn
      choices={(['pending', 'delivered', 'failed'] as const).map((s) => ({ id: s, name: t(`portal.webhooks.delivery.statuses.${s}`) }))}
    />,
  ];
  return (
    <List filters={filters} actions={<TopToolbar />} perPage={25} title="portal.webhooks.deliveries">
      <DeliveriesTable />
    </List>
  );
}
