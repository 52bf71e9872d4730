import { Edit } from 'react-admin';
import { WebhookEndpointForm } from './WebhookEndpointForm';

/** Change an endpoint's URL, events or description; saved only once the API has accepted the URL. */
export function WebhookEndpointEdit() {
  return (
    <Edit title="portal.webhooks.edit" mutationMode="pessimistic" redirect="show">
      <WebhookEndpointForm />
    </Edit>
  );
}
