import { CheckboxGroupInput, maxLength, required, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { DEFAULT_WEBHOOK_EVENTS, WEBHOOK_EVENTS } from '../providers/api';

/** The fields a partner sets on an endpoint; the API checks the URL (422 on the field) when saved. */
export function WebhookEndpointForm() {
  const t = useTranslate();
  return (
    <SimpleForm defaultValues={{ events: [...DEFAULT_WEBHOOK_EVENTS] }} sx={{ maxWidth: 720 }}>
      <TextInput
        source="url"
        label="portal.webhooks.url"
        helperText="portal.webhooks.url_help"
        validate={[required(), maxLength(2048)]}
        fullWidth
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url', autoComplete: 'off', 'data-testid': 'endpoint-url-input' } }}
      />
      <CheckboxGroupInput
        source="events"
        label="portal.webhooks.events"
        validate={required()}
        choices={WEBHOOK_EVENTS.map((e) => ({ id: e, name: t(`portal.webhooks.event_names.${e}`) }))}
        row={false}
      />
      <TextInput source="description" label="portal.webhooks.description" validate={maxLength(255)} fullWidth />
    </SimpleForm>
  );
}
