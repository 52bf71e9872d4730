import { useState } from 'react';
import Button from '@mui/material/Button';
import Replay from '@mui/icons-material/ReplayOutlined';
import { List, SelectInput, TopToolbar, useListContext, useNotify, usePermissions, useRefresh, useTranslate } from 'react-admin';
import { partnerCan } from '@shared/permissions';
import { portalApi } from '../providers/api';
import { DeliveriesTable } from './WebhookEndpointShow';

/** Replays every selected delivery at once, each with its own webhook-id (all or none). */
function ReplaySelectedButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      startIcon={<Replay />}
      disabled={busy || !selectedIds.length}
      data-testid="bulk-replay"
      onClick={async () => {
        setBusy(true);
        try {
          const { data } = await portalApi.replayDeliveries(selectedIds.map(String));
          notify('portal.webhooks.delivery.replayed_many', { type: 'success', messageArgs: { smart_count: data.length } });
          onUnselectItems();
          refresh();
        } catch (e) {
          notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('portal.webhooks.delivery.replay_selected')}
    </Button>
  );
}

/** Every delivery of the partner, newest first; filter by status; owners and developers replay a selection. */
export function WebhookDeliveryList() {
  const t = useTranslate();
  const { permissions: role } = usePermissions<string>();
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
      <DeliveriesTable bulkActionButtons={partnerCan(role, 'manage_webhooks') ? <ReplaySelectedButton /> : false} />
    </List>
  );
}
