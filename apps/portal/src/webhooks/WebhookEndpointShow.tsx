import { useState, type ComponentProps } from 'react';
import Button from '@mui/material/Button';
import Block from '@mui/icons-material/BlockOutlined';
import CheckCircle from '@mui/icons-material/CheckCircleOutline';
import Key from '@mui/icons-material/KeyOutlined';
import Send from '@mui/icons-material/SendOutlined';
import {
  Confirm,
  DataTable,
  EditButton,
  Labeled,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TopToolbar,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { partnerCan } from '@shared/permissions';
import { ListTable } from '../../../admin/src/common/ListTable';
import { portalApi, type IssuedEndpoint, type WebhookDelivery, type WebhookEndpoint } from '../providers/api';
import { DeliveryStatusChip, EndpointStatusChip, EventChips, EventName, isUnderWay, REFRESH_MS, useWhen, WebhookSecretDialog } from './webhook-parts';

function useFail() {
  const notify = useNotify();
  return (e: unknown) => notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
}

function SendTestButton() {
  const record = useRecordContext<WebhookEndpoint>();
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const fail = useFail();
  const [busy, setBusy] = useState(false);
  if (!record?.active) return null;
  return (
    <Button
      startIcon={<Send />}
      disabled={busy}
      data-testid="endpoint-test"
      onClick={async () => {
        setBusy(true);
        try {
          await portalApi.sendTestEvent(record.id);
          notify('portal.webhooks.test_sent', { type: 'success' });
          refresh();
        } catch (e) {
          fail(e);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('portal.webhooks.test')}
    </Button>
  );
}

function RotateButton() {
  const record = useRecordContext<WebhookEndpoint>();
  const t = useTranslate();
  const refresh = useRefresh();
  const fail = useFail();
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<IssuedEndpoint | null>(null);
  if (!record) return null;
  return (
    <>
      <Button startIcon={<Key />} onClick={() => setConfirming(true)} data-testid="endpoint-rotate">
        {t('portal.webhooks.rotate')}
      </Button>
      <Confirm
        isOpen={confirming}
        title={t('portal.webhooks.rotate_title')}
        content={t('portal.webhooks.rotate_warning')}
        confirm="portal.webhooks.confirm"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          try {
            setIssued(await portalApi.rotateWebhookSecret(record.id));
          } catch (e) {
            fail(e);
          }
        }}
      />
      {issued && (
        <WebhookSecretDialog
          issued={issued}
          onClose={() => {
            setIssued(null);
            refresh();
          }}
        />
      )}
    </>
  );
}

/** Disable (confirmed: waiting deliveries end as failed) or enable again, through the resource's update. */
function ActivationButton() {
  const record = useRecordContext<WebhookEndpoint>();
  const t = useTranslate();
  const notify = useNotify();
  const fail = useFail();
  const [update, { isPending }] = useUpdate<WebhookEndpoint>();
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;
  const set = (active: boolean) =>
    update(
      'webhook-endpoints',
      { id: record.id, data: { active }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(active ? 'portal.webhooks.enabled_done' : 'portal.webhooks.disabled_done', { type: 'success' }),
        onError: fail,
      },
    );
  if (!record.active)
    return (
      <Button startIcon={<CheckCircle />} color="success" disabled={isPending} onClick={() => void set(true)} data-testid="endpoint-enable">
        {t('portal.webhooks.enable')}
      </Button>
    );
  return (
    <>
      <Button startIcon={<Block />} color="error" disabled={isPending} onClick={() => setConfirming(true)} data-testid="endpoint-disable">
        {t('portal.webhooks.disable')}
      </Button>
      <Confirm
        isOpen={confirming}
        title={t('portal.webhooks.disable_title')}
        content={t('portal.webhooks.disable_warning')}
        confirm="portal.webhooks.disable"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          await set(false);
        }}
      />
    </>
  );
}

function Actions() {
  const { permissions: role } = usePermissions<string>();
  if (!partnerCan(role, 'manage_webhooks')) return <TopToolbar />;
  return (
    <TopToolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SendTestButton />
      <EditButton label="portal.webhooks.edit" />
      <RotateButton />
      <ActivationButton />
    </TopToolbar>
  );
}

function Url() {
  const record = useRecordContext<WebhookEndpoint>();
  return (
    <span dir="ltr" style={{ overflowWrap: 'anywhere' }} data-testid="endpoint-url">
      {record?.url}
    </span>
  );
}

/** An endpoint, its actions (owners and developers) and its latest deliveries. */
export function WebhookEndpointShow() {
  const when = useWhen();
  return (
    <Show actions={<Actions />} title="portal.webhooks.endpoints">
      <SimpleShowLayout sx={{ '& .RaLabeled-label': { fontWeight: 600 } }}>
        <Labeled label="portal.webhooks.url">
          <Url />
        </Labeled>
        <Labeled label="portal.webhooks.events">
          <EventChips />
        </Labeled>
        <Labeled label="portal.webhooks.status">
          <EndpointStatusChip />
        </Labeled>
        <Labeled label="portal.webhooks.description">
          <Field render={(r) => r.description ?? '—'} />
        </Labeled>
        <Labeled label="portal.webhooks.secret_version">
          <Field render={(r) => String(r.secret_version)} />
        </Labeled>
        <Labeled label="portal.webhooks.created_at">
          <Field render={(r) => when(r.created_at)} />
        </Labeled>
        <Labeled label="portal.webhooks.recent" fullWidth>
          <ReferenceManyField
            reference="webhook-deliveries"
            target="endpoint_id"
            perPage={10}
            pagination={<Pagination rowsPerPageOptions={[10]} />}
            empty={<Empty />}
            queryOptions={{
              refetchInterval: (query) => ((query.state.data as { data?: WebhookDelivery[] } | undefined)?.data?.some(isUnderWay) ? REFRESH_MS : false),
            }}
          >
            <DeliveriesTable />
          </ReferenceManyField>
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}

function Field({ render }: { render: (r: WebhookEndpoint) => string }) {
  const record = useRecordContext<WebhookEndpoint>();
  return record ? <span>{render(record)}</span> : null;
}

function Empty() {
  const t = useTranslate();
  return <span data-testid="no-deliveries">{t('portal.webhooks.none')}</span>;
}

/** Deliveries as a table: a row opens the delivery with its attempts. */
export function DeliveriesTable({ bulkActionButtons = false }: { bulkActionButtons?: ComponentProps<typeof ListTable>['bulkActionButtons'] }) {
  const when = useWhen();
  return (
    <ListTable rowClick={(id) => `/webhook-deliveries/${id}/show`} bulkActionButtons={bulkActionButtons}>
      <DataTable.Col source="created_at" label="portal.webhooks.delivery.created_at" render={(r: WebhookDelivery) => when(r.created_at)} disableSort />
      <DataTable.Col source="event_type" label="portal.webhooks.delivery.event" disableSort>
        <EventName />
      </DataTable.Col>
      <DataTable.Col source="status" label="portal.webhooks.delivery.status" disableSort>
        <DeliveryStatusChip />
      </DataTable.Col>
      <DataTable.Col source="attempt_count" label="portal.webhooks.delivery.attempt_count" disableSort />
      <DataTable.Col
        source="last_status_code"
        label="portal.webhooks.delivery.last_status_code"
        render={(r: WebhookDelivery) => r.last_status_code ?? '—'}
        disableSort
      />
    </ListTable>
  );
}
