import { useState } from 'react';
import Button from '@mui/material/Button';
import Sync from '@mui/icons-material/SyncOutlined';
import { useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { API, httpClient } from '../../providers/httpClient';

const R = 'resources.property-policies';

/** Asks the insurer live (through the API) and shows what it says. */
export function CheckStatusButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const notify = useNotify();
  const { permissions: role } = usePermissions<string>();
  const [busy, setBusy] = useState(false);
  if (!record || !can(role, 'check_status', 'property-policies')) return null;
  const run = async () => {
    setBusy(true);
    try {
      const { json } = await httpClient(`${API}/property-policies/${record.id}/cancellation-status`);
      const status = t(`${R}.cancellation_status.${json.status}`, { _: String(json.status) });
      notify(t(`${R}.actions.status_is`, { status }), { type: 'info' });
    } catch (e) {
      notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <Button startIcon={<Sync />} disabled={busy} onClick={run} data-testid="check-status">{t(`${R}.actions.check_status`)}</Button>;
}
