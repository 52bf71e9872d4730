import { useState } from 'react';
import {
  AutocompleteInput,
  CheckboxGroupInput,
  Create,
  maxLength,
  ReferenceInput,
  required,
  SimpleForm,
  TextInput,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { DEFAULT_WEBHOOK_EVENTS, WEBHOOK_EVENTS } from './webhook-api';
import { WebhookSecretDialog } from './WebhookSecretDialog';

export function WebhookEndpointCreate() {
  const redirect = useRedirect();
  const t = useTranslate();
  const [issued, setIssued] = useState<{ id: string; secret: string; staticKey: string } | null>(null);
  return (
    <>
      <Create
        redirect={false}
        mutationOptions={{
          onSuccess: (data: { id: string; secret?: string; static_key?: string }) =>
            setIssued({ id: String(data.id), secret: String(data.secret), staticKey: String(data.static_key) }),
        }}
      >
        <SimpleForm defaultValues={{ events: [...DEFAULT_WEBHOOK_EVENTS] }} sx={{ maxWidth: 720 }}>
          <ReferenceInput source="client_id" reference="clients">
            <AutocompleteInput optionText="name" validate={required()} fullWidth />
          </ReferenceInput>
          <TextInput source="url" validate={[required(), maxLength(2048)]} fullWidth inputProps={{ dir: 'ltr' }} />
          <CheckboxGroupInput
            source="events"
            validate={required()}
            choices={WEBHOOK_EVENTS.map((e) => ({ id: e, name: t(`resources.webhook-endpoints.events.${e}`) }))}
            row={false}
          />
          <TextInput source="description" validate={maxLength(255)} fullWidth />
        </SimpleForm>
      </Create>
      {issued && <WebhookSecretDialog secret={issued.secret} staticKey={issued.staticKey} onClose={() => redirect('show', 'webhook-endpoints', issued.id)} />}
    </>
  );
}
