import { useState } from 'react';
import { Create, useRedirect } from 'react-admin';
import type { IssuedEndpoint } from '../providers/api';
import { WebhookEndpointForm } from './WebhookEndpointForm';
import { WebhookSecretDialog } from './webhook-parts';

/** Register an endpoint; its signing secret and static key are shown once, then its page opens. */
export function WebhookEndpointCreate() {
  const redirect = useRedirect();
  const [issued, setIssued] = useState<IssuedEndpoint | null>(null);
  return (
    <>
      <Create title="portal.webhooks.register" redirect={false} mutationOptions={{ onSuccess: (data: IssuedEndpoint) => setIssued(data) }}>
        <WebhookEndpointForm />
      </Create>
      {issued && <WebhookSecretDialog issued={issued} onClose={() => redirect('show', 'webhook-endpoints', issued.id)} />}
    </>
  );
}
